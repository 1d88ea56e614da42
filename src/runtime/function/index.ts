// Public surface of the built-in functions: the registry, the higher-order
// and shaping entry points the compiler wires by hand, and the search and
// regexp helpers Zed's search expressions share with grep and regexp().
export {
  FunctionCallError,
  checkArgCount,
  functionNames,
  lookupFunction,
  resolveFunction,
  type FunctionDef,
  type ImplicitThis,
  type MakeHooks,
  type ZedFunction,
} from './registry.js';
export { makeMap } from './map.js';
export { CAST, CROP, FILL, ORDER, ConstShaper, makeShaper } from './shape.js';
export { containsFold, makeBodyContainsFold, makeBytesIndexFold, makeStringSearch, makeStringSearchParts, type SearchParts } from './grep.js';
export { makeValueSearchParts, valueSearchVisitor } from './value-search.js';
export type { BodyWalker, SearchWalker } from './search-walker.js';
export { compileGoRegexp, GoRegexp, type RegexpOptions } from './re2.js';
export { Template, expand, replaceAll } from './re2-replace.js';
export { typeValue, typeOfTypeValue } from './types.js';
