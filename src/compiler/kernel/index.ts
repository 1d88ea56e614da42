// Public surface of the expression compiler: AST expressions and types to
// evaluator closures, search predicates and assignment paths.
export { compileExpr, compileBool, compileSearch } from './expr.js';
export { compileType } from './type.js';
export { compileLval, compileAssignmentLval } from './path.js';
export { constValue, primitiveValue } from './literal.js';
export { defineConst, defineType } from './decl.js';
export { newEnv, Frame, type Env, type Evaluator, type UserFunc } from './env.js';
export { CompileError, StackOverflowError, UnsupportedExprError } from './errors.js';
export { MAX_CALL_DEPTH } from './call.js';
