import { documentLibraries } from './document-libraries.js';

// The e-invoice's QR code (spec document 3, `qrCode`: a PNG data URI). The matrix comes from `qrcode`'s
// pure-JS encoder and the PNG from `fast-png`, both synchronous and browser-safe: a write (and so the
// QR it stores) runs inside one synchronous store transaction, in Node and in a browser alike.

/** Pixels per QR module, and the quiet zone in modules (ISO/IEC 18004 asks for 4). */
const SCALE = 4;
const QUIET = 4;

/** The portal's public validation link of a document: `{portalBase}/{uuid}/share/{longId}`. */
export const validationLink = (portalBase: string, uuid: string, longId: string): string => `${portalBase}/${uuid}/share/${longId}`;

/** The QR code of `text` as a black-on-white PNG, 8-bit grey. */
export function qrPng(text: string): Uint8Array {
  const { qr, encodePng } = documentLibraries.get();
  const { modules } = qr.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET) * SCALE;
  const data = new Uint8Array(side * side).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.data[row * modules.size + col]) continue;
      for (let y = 0; y < SCALE; y++) {
        const start = ((row + QUIET) * SCALE + y) * side + (col + QUIET) * SCALE;
        data.fill(0, start, start + SCALE);
      }
    }
  }
  return encodePng({ width: side, height: side, data, channels: 1, depth: 8 });
}

const base64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/** `data:image/png;base64,...` of the QR code of `text`. */
export const qrDataUri = (text: string): string => `data:image/png;base64,${base64(qrPng(text))}`;
