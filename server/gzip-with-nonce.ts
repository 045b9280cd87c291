// A kept page, gzip-compressed once, with each response's own nonce put back in without compressing again.
// The page's parts around its nonce are each deflated once, ending on a byte boundary (a sync flush); a response
// is the gzip header, those parts with the nonce between them as stored (uncompressed) deflate blocks, an empty
// final block and the trailer (CRC-32 and length of what it decompresses to). Serving a hit then costs a CRC of
// the page (~40 µs for 150 KB) instead of a stream of compression jobs on libuv's threads, each waiting for a
// turn of a busy event loop: under load a browser's cached page took seconds that way (scripts/soak.ts).
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { Request, Response } from "express";

/** One part of a page, deflated on its own and left open (no final block) so that more can follow. */
export function deflatePart(part: Buffer): Buffer {
  return deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH });
}

// ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// A final block of fixed Huffman codes holding only its end-of-block code.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Bytes copied as they are into a deflate stream that is at a byte boundary: a non-final stored block. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError("a stored block holds at most 65,535 bytes");
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * The gzip body of `plain` parts joined by `nonce`, from the same parts `deflated` by `deflatePart`: the
 * buffers to write, in order.
 */
export function gzipWithNonce(plain: Buffer[], deflated: Buffer[], nonce: Buffer): Buffer[] {
  return gzipWithFillers(
    plain,
    deflated,
    plain.slice(1).map(() => nonce),
  );
}

/** The same for parts joined by a filler of their own each (`fillers[i]` between part i and part i + 1). */
function gzipWithFillers(plain: Buffer[], deflated: Buffer[], fillers: Buffer[]): Buffer[] {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  plain.forEach((part, index) => {
    if (index > 0) {
      const filler = fillers[index - 1]!;
      out.push(storedBlock(filler));
      crc = crc32(filler, crc);
      length += filler.length;
    }
    out.push(deflated[index]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(FINAL_BLOCK.length + 8);
  FINAL_BLOCK.copy(trailer, 0);
  trailer.writeUInt32LE(crc >>> 0, FINAL_BLOCK.length);
  trailer.writeUInt32LE(length >>> 0, FINAL_BLOCK.length + 4);
  out.push(trailer);
  return out;
}

/**
 * Writes a kept page: its plain `parts` with `fillers` between them, gzip-compressed from `deflated` for browsers
 * that take it, in one corked write with its length. Headers other than the encoding are the caller's.
 */
export function writeKeptPage(
  req: Request,
  res: Response,
  parts: Buffer[],
  deflated: Buffer[],
  fillers: Buffer[],
) {
  res.setHeader("Vary", "Accept-Encoding");
  let body: Buffer[];
  if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    // Set before the first write, so the compression middleware leaves the body as it is.
    res.setHeader("Content-Encoding", "gzip");
    body = gzipWithFillers(parts, deflated, fillers);
  } else {
    body = parts.flatMap((part, index) => (index > 0 ? [fillers[index - 1]!, part] : [part]));
  }
  res.setHeader(
    "Content-Length",
    body.reduce((sum, chunk) => sum + chunk.length, 0),
  );
  res.cork();
  for (const chunk of body) res.write(chunk);
  res.end();
  res.uncork();
}
