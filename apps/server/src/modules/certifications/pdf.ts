import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
/** DejaVu Sans: covers every letter of nl, en and ro (ă, â, î, ș, ț). */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = join(FONT_DIR, 'DejaVuSans-Bold.ttf');

export interface CertificatePdfInput {
  portalName: string;
  brandColor: string | null;
  /** The portal's PNG logo, drawn beside its name (an SVG logo leaves the name alone). */
  logo?: Buffer | null;
  holderName: string;
  certificationName: string;
  code: string;
  verifyUrl: string;
  status: string;
  labels: {
    title: string;
    awardedTo: string;
    issued: string;
    expires: string;
    noExpiry: string;
    code: string;
    verify: string;
    revoked: string;
  };
  issuedOn: string;
  expiresOn: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A one-page landscape A4 certificate in the portal's colour, with a QR code to its verify page. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240 });
  const color = input.brandColor && HEX.test(input.brandColor) ? input.brandColor : '#1d4ed8';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 48,
    info: { Title: `${input.labels.title} — ${input.certificationName}`, Author: input.portalName },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width;
  const height = doc.page.height;
  doc.rect(0, 0, width, 18).fill(color);
  doc.rect(0, height - 18, width, 18).fill(color);
  doc
    .rect(24, 34, width - 48, height - 68)
    .lineWidth(2)
    .stroke(color);
  let nameX = 64;
  if (input.logo) {
    try {
      doc.image(input.logo, 64, 52, { fit: [120, 40], valign: 'center' });
      nameX = 196;
    } catch {
      // A logo PDFKit cannot read (interlaced or odd PNG) leaves the name alone.
    }
  }
  doc.fillColor('#0f172a').font('bold').fontSize(16).text(input.portalName, nameX, 64);
  doc
    .font('bold')
    .fontSize(34)
    .fillColor(color)
    .text(input.labels.title, 64, 130, { width: width - 128, align: 'center' });
  doc.font('regular').fontSize(14).fillColor('#334155').text(input.labels.awardedTo, { align: 'center' });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(28).fillColor('#0f172a').text(input.holderName, { align: 'center' });
  doc.moveDown(0.6);
  doc.font('regular').fontSize(18).fillColor('#0f172a').text(input.certificationName, { align: 'center' });
  if (input.status === 'revoked') {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(18).fillColor('#b91c1c').text(input.labels.revoked, { align: 'center' });
  }
  const bottom = height - 170;
  doc.font('regular').fontSize(12).fillColor('#334155');
  doc.text(`${input.labels.issued}: ${input.issuedOn}`, 64, bottom);
  doc.text(`${input.labels.expires}: ${input.expiresOn ?? input.labels.noExpiry}`, 64, bottom + 20);
  doc.text(`${input.labels.code}: ${input.code}`, 64, bottom + 40);
  doc
    .fontSize(10)
    .fillColor('#475569')
    .text(`${input.labels.verify}: ${input.verifyUrl}`, 64, bottom + 64, {
      width: width - 300,
    });
  doc.image(qr, width - 200, bottom - 20, { width: 120, height: 120 });
  doc.end();
  return done;
}

export const PDF_LABELS: Record<string, CertificatePdfInput['labels']> = {
  en: {
    title: 'Certificate',
    awardedTo: 'awarded to',
    issued: 'Issued',
    expires: 'Valid until',
    noExpiry: 'no expiry',
    code: 'Certificate code',
    verify: 'Verify at',
    revoked: 'Revoked',
  },
  nl: {
    title: 'Certificaat',
    awardedTo: 'toegekend aan',
    issued: 'Uitgereikt',
    expires: 'Geldig tot',
    noExpiry: 'onbeperkt geldig',
    code: 'Certificaatcode',
    verify: 'Controleer op',
    revoked: 'Ingetrokken',
  },
  ro: {
    title: 'Certificat',
    awardedTo: 'acordat lui',
    issued: 'Emis',
    expires: 'Valabil până la',
    noExpiry: 'fără expirare',
    code: 'Codul certificatului',
    verify: 'Verificați la',
    revoked: 'Revocat',
  },
};
