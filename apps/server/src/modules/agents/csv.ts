import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Rows a CSV export may hold at most: beyond it, narrow the range. */
export const CSV_MAX_ROWS = 200_000;
const CSV_PAGE = 500;

/** RFC 4180 field; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Streams a CSV export page by page from the same query the JSON page uses: memory stays at one
 * page whatever the number of rows, and the client sees the first rows at once.
 */
export function sendCsv<T extends object>(
  reply: FastifyReply,
  name: string,
  columns: ReadonlyArray<keyof T & string>,
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ content: T[]; totalPages: number }>,
): FastifyReply {
  async function* lines() {
    yield `\uFEFF${columns.join(',')}\r\n`;
    let sent = 0;
    for (let pageNo = 1; sent < CSV_MAX_ROWS; pageNo++) {
      const page = await fetchPage(pageNo, CSV_PAGE);
      if (page.content.length === 0) return;
      yield page.content.map((r) => `${columns.map((c) => csvField(r[c])).join(',')}\r\n`).join('');
      sent += page.content.length;
      if (pageNo >= page.totalPages) return;
    }
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`);
  return reply.send(Readable.from(lines()));
}
