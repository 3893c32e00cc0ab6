import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvField } from '../agents/csv.ts';

/** Rows per chunk written to the socket. */
const CHUNK = 200;

/**
 * Streams a report as CSV (RFC 4180, UTF-8 with BOM for spreadsheets): the header, then the rows
 * in chunks. Every cell goes through `csvField`, which defuses a leading = + - @ (formula
 * injection through a vendor, game or account name) while leaving negative amounts as numbers.
 */
export function streamCsv<T extends object>(
  reply: FastifyReply,
  name: string,
  columns: ReadonlyArray<keyof T & string>,
  rows: readonly T[],
): FastifyReply {
  function* lines() {
    yield `\uFEFF${columns.join(',')}\r\n`;
    for (let i = 0; i < rows.length; i += CHUNK) {
      yield rows
        .slice(i, i + CHUNK)
        .map((r) => `${columns.map((c) => csvField(r[c])).join(',')}\r\n`)
        .join('');
    }
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.csv"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(lines()));
}
