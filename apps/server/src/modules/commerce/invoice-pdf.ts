import { createRequire } from 'node:module';
import { formatMoney, REVERSE_CHARGE_NOTE } from '@leerpad/core';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../../db/schema-commerce';
import type { InvoiceLine } from './order-service';
import type { Seller } from './settings';

const require = createRequire(import.meta.url);
/** DejaVu Sans (npm dejavu-fonts-ttf) covers ă ș ț € and the rest of the portals' languages. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const LABELS = {
  en: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    number: 'Number',
    date: 'Date',
    to: 'Billed to',
    vat_id: 'VAT id',
    description: 'Description',
    net: 'Net',
    vat: 'VAT',
    total: 'Total',
    subtotal: 'Subtotal (excl. VAT)',
    vat_at: 'VAT {rate}% over {net}',
  },
  nl: {
    invoice: 'Factuur',
    credit_note: 'Creditnota',
    number: 'Nummer',
    date: 'Datum',
    to: 'Aan',
    vat_id: 'Btw-nummer',
    description: 'Omschrijving',
    net: 'Netto',
    vat: 'Btw',
    total: 'Totaal',
    subtotal: 'Subtotaal (excl. btw)',
    vat_at: 'Btw {rate}% over {net}',
  },
  ro: {
    invoice: 'Factură',
    credit_note: 'Notă de credit',
    number: 'Număr',
    date: 'Dată',
    to: 'Către',
    vat_id: 'Cod TVA',
    description: 'Descriere',
    net: 'Net',
    vat: 'TVA',
    total: 'Total',
    subtotal: 'Subtotal (fără TVA)',
    vat_at: 'TVA {rate}% din {net}',
  },
} as const;

/** The portal an invoice is printed for: its name, colour and PNG logo (an SVG logo leaves the name). */
export interface InvoiceBranding {
  portalName: string;
  /** The name's colour: the primary colour (checked against WCAG AA). */
  color: string | null;
  /** The decorative stripe along the top: the secondary colour, else the primary. */
  accent: string | null;
  logo: Buffer | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** Renders an invoice or credit note as PDF bytes, in the reader's language, with the portal's branding. */
export async function invoicePdf(
  invoice: InvoiceRow,
  locale: string,
  branding?: InvoiceBranding,
): Promise<Buffer> {
  const labels = LABELS[(locale in LABELS ? locale : 'en') as keyof typeof LABELS];
  const seller = JSON.parse(invoice.seller) as Seller;
  const buyer = JSON.parse(invoice.buyer) as {
    name: string;
    email: string;
    country: string | null;
    vat_id: string | null;
  };
  const lines = JSON.parse(invoice.lines) as InvoiceLine[];
  const money = (cents: number) => formatMoney(cents, invoice.currency, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${labels[invoice.kind as 'invoice']} ${invoice.number}` },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (branding) {
    const color = branding.color && HEX.test(branding.color) ? branding.color : '#0f172a';
    const accent = branding.accent && HEX.test(branding.accent) ? branding.accent : color;
    doc.rect(0, 0, doc.page.width, 10).fill(accent);
    let drawn = false;
    if (branding.logo) {
      try {
        doc.image(branding.logo, 50, 30, { fit: [140, 40] });
        drawn = true;
      } catch {
        // A PNG PDFKit cannot read leaves the name alone.
      }
    }
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(color)
      .text(branding.portalName, drawn ? 200 : 50, 42, { width: 345 });
    doc.fillColor('#0f172a');
    doc.x = 50;
    doc.y = 90;
  }
  doc
    .font('bold')
    .fontSize(20)
    .text(labels[invoice.kind === 'credit_note' ? 'credit_note' : 'invoice']);
  doc.moveDown(0.5).font('body').fontSize(10);
  doc.text(seller.name);
  if (seller.address) doc.text(seller.address);
  doc.text(seller.country);
  if (seller.vatId) doc.text(`${labels.vat_id}: ${seller.vatId}`);
  doc.moveDown();
  doc.text(`${labels.number}: ${invoice.number}`);
  doc.text(`${labels.date}: ${invoice.issued_at.slice(0, 10)}`);
  doc.moveDown();
  doc.font('bold').text(labels.to).font('body');
  doc.text(buyer.name);
  doc.text(buyer.email);
  if (buyer.country) doc.text(buyer.country);
  if (buyer.vat_id) doc.text(`${labels.vat_id}: ${buyer.vat_id}`);
  doc.moveDown();

  const columns = [50, 300, 380, 450];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body');
    cells.forEach((cell, index) =>
      doc.text(cell, columns[index], y, {
        width: index === 0 ? 240 : 90,
        align: index === 0 ? 'left' : 'right',
      }),
    );
    doc.moveDown(0.3);
    doc.x = 50;
  };
  row([labels.description, labels.net, labels.vat, labels.total], true);
  for (const line of lines) {
    row([
      `${line.description} (${line.vat_rate}%)`,
      money(line.net_cents),
      money(line.vat_cents),
      money(line.total_cents),
    ]);
  }
  doc.moveDown();
  row([labels.subtotal, '', '', money(invoice.subtotal_cents)]);
  const rates = new Map<number, { net: number; vat: number }>();
  for (const line of lines) {
    const entry = rates.get(line.vat_rate) ?? { net: 0, vat: 0 };
    entry.net += line.net_cents;
    entry.vat += line.vat_cents;
    rates.set(line.vat_rate, entry);
  }
  for (const [rate, entry] of [...rates].sort((a, b) => b[0] - a[0])) {
    row([
      labels.vat_at.replace('{rate}', String(rate)).replace('{net}', money(entry.net)),
      '',
      '',
      money(entry.vat),
    ]);
  }
  row([labels.total, '', '', money(invoice.total_cents)], true);
  if (invoice.reverse_charge) {
    doc.moveDown().font('body').text(REVERSE_CHARGE_NOTE, 50);
  }
  doc.end();
  return done;
}
