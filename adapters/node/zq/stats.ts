// zq's -s: what the run read and matched, printed on stderr as Zed prints it.

export interface ZqStats {
  bytesRead: number;
  recordsRead: number;
  recordsMatched: number;
}

export function newZqStats(): ZqStats {
  return { bytesRead: 0, recordsRead: 0, recordsMatched: 0 };
}

/** The stats line; zq counts every byte read as matched. */
export function zqStatsLine(stats: ZqStats): string {
  return `{bytes_read:${stats.bytesRead},bytes_matched:${stats.bytesRead},records_read:${stats.recordsRead},records_matched:${stats.recordsMatched}}\n`;
}
