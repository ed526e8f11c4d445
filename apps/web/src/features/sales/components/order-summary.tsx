/**
 * An order's lines and totals, as staff see them on the order page and in the preview while they
 * make an order for someone.
 */
import { useTranslation } from '../../../lib/i18n/i18n';
import { useMoney } from '../../../lib/money';
import { TableHead } from '../../../components/table';

const cell = 'px-4 py-2';

export interface SummaryLine {
  description: string;
  /** 1 when the quote does not say. */
  quantity?: number;
  unitPriceCents: number;
  discountCents: number;
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

export interface SummaryTotals {
  currency: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  reverseCharge: boolean;
  refundedCents?: number;
}

/** The VAT per rate over the lines, highest rate first. */
export function vatByRate(lines: readonly SummaryLine[]) {
  const rates = new Map<number, { net: number; vat: number }>();
  for (const line of lines) {
    const entry = rates.get(line.vatRate) ?? { net: 0, vat: 0 };
    entry.net += line.netCents;
    entry.vat += line.vatCents;
    rates.set(line.vatRate, entry);
  }
  return [...rates.entries()].sort((a, b) => b[0] - a[0]);
}

export function OrderLinesTable({
  lines,
  currency,
  testId,
}: {
  lines: readonly SummaryLine[];
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const right = `${cell} text-right`;
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <TableHead
        className="border-b border-slate-200 bg-slate-50 text-slate-700"
        cellClassName={cell}
        columns={[
          t('sales.order.product'),
          ...['price', 'discount', 'vat_rate', 'vat', 'line_total'].map((column) => ({
            label: t(`sales.order.${column}`),
            className: 'text-right',
          })),
        ]}
      />
      <tbody className="divide-y divide-slate-100 tabular-nums">
        {lines.map((line, index) => {
          const quantity = line.quantity ?? 1;
          return (
            <tr key={index}>
              <td className={cell}>
                {quantity > 1 ? `${quantity} × ` : ''}
                {line.description}
              </td>
              <td className={right}>{money(line.unitPriceCents * quantity, currency)}</td>
              <td className={right}>
                {line.discountCents > 0 ? `− ${money(line.discountCents, currency)}` : '—'}
              </td>
              <td className={right}>{line.vatRate}%</td>
              <td className={right}>{money(line.vatCents, currency)}</td>
              <td className={right}>{money(line.totalCents, currency)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Subtotal, discount, VAT per rate, total and (when any) what was refunded. */
export function OrderTotals({
  totals,
  lines,
  testIds = {},
}: {
  totals: SummaryTotals;
  lines: readonly SummaryLine[];
  testIds?: { list?: string; discount?: string; total?: string; refunded?: string };
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = totals;
  return (
    <dl
      className="mt-3 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums"
      data-testid={testIds.list}
    >
      <dt className="text-slate-700">{t('sales.order.subtotal')}</dt>
      <dd className="text-right">{money(totals.subtotalCents, currency)}</dd>
      {totals.discountCents > 0 && (
        <>
          <dt className="text-slate-700">{t('sales.order.discount')}</dt>
          <dd className="text-right" data-testid={testIds.discount}>
            − {money(totals.discountCents, currency)}
          </dd>
        </>
      )}
      {vatByRate(lines).map(([rate, entry]) => (
        <div key={rate} className="contents">
          <dt className="text-slate-700">
            {t('sales.order.vat_line', { rate, net: money(entry.net, currency) })}
          </dt>
          <dd className="text-right">{money(entry.vat, currency)}</dd>
        </div>
      ))}
      {totals.reverseCharge && (
        <dd className="col-span-2 text-xs text-slate-600">{t('sales.order.reverse_charge')}</dd>
      )}
      <dt className="font-semibold text-slate-900">{t('sales.order.total')}</dt>
      <dd className="text-right font-semibold text-slate-900" data-testid={testIds.total}>
        {money(totals.totalCents, currency)}
      </dd>
      {(totals.refundedCents ?? 0) > 0 && (
        <>
          <dt className="text-slate-700">{t('sales.order.refunded')}</dt>
          <dd className="text-right" data-testid={testIds.refunded}>
            {money(totals.refundedCents ?? 0, currency)}
          </dd>
        </>
      )}
    </dl>
  );
}
