import type { create } from 'xmlbuilder2';
import type QRCode from 'qrcode';
import type { encode } from 'fast-png';
import { commonJs, LazyLibrary } from '../shared/lazy-library.js';

interface DocumentLibraries {
  /** xmlbuilder2's `create`: the UBL XML of a document. */
  createXml: typeof create;
  /** qrcode's matrix and fast-png's encoder: the QR code of an accepted document. */
  qr: Pick<typeof QRCode, 'create'>;
  encodePng: typeof encode;
}

/** The libraries of e-invoice documents (XML, QR, PNG): a third of the mock's load time, and only e-invoices need them. */
export const documentLibraries = new LazyLibrary<DocumentLibraries>(
  'the e-invoice document libraries (xmlbuilder2, qrcode, fast-png)',
  async () => {
    const [xml, qr, png] = await Promise.all([import('xmlbuilder2'), import('qrcode'), import('fast-png')]);
    return { createXml: xml.create, qr: commonJs<typeof QRCode>(qr), encodePng: png.encode };
  },
  (require) => ({
    createXml: (require('xmlbuilder2') as { create: typeof create }).create,
    qr: commonJs<typeof QRCode>(require('qrcode')),
    encodePng: (require('fast-png') as { encode: typeof encode }).encode,
  }),
);
