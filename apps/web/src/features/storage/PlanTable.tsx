import {
  type PlanCell,
  planRows,
  type PlanUnavailableReason,
  type StripeProduct,
  type StorageUse,
} from '@trove/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { gbText, planPriceText, saveText } from './texts.ts';

/** Props of {@link PlanTable}. */
export interface PlanTableProps {
  products: readonly StripeProduct[];
  use: StorageUse;
  activeProduct: StripeProduct | null;
  upcomingProduct: StripeProduct | null;
  selectedId: string | null;
  onSelect: (product: StripeProduct) => void;
}

const TAGS: Partial<Record<PlanCell['type'], MessageId>> = {
  active: 'storage.tag.active',
  upcoming: 'storage.tag.upcoming',
  selected: 'storage.tag.selected',
};

const REASONS: Record<PlanUnavailableReason, MessageId> = {
  PLAN_IS_DOWNGRADE: 'storage.unavailable.downgrade',
  INSUFFICIENT_STORAGE_PLAN: 'storage.unavailable.insufficient',
  APP_ONLY: 'storage.unavailable.appOnly',
};

/**
 * The plan comparison table (spec 001 §2, §3 plan row, §4 cell types): one row per size offered
 * in both periods, a monthly and a yearly cell each, typed by the contract's rules
 * (billing/rules.ts planRows). The cells are one radio group: an available cell can be
 * chosen, an unavailable one is disabled and says why, the active and upcoming plans carry a tag.
 */
export function PlanTable({
  products,
  use,
  activeProduct,
  upcomingProduct,
  selectedId,
  onSelect,
}: PlanTableProps) {
  const intl = useIntl();
  const name = useId();
  const rows = planRows({ ...use, products, activeProduct, upcomingProduct, selectedId });
  if (rows.length === 0) return <p className="muted">{intl.formatMessage({ id: 'storage.noPlans' })}</p>;
  return (
    <table className="plan-table">
      <caption className="visually-hidden">{intl.formatMessage({ id: 'storage.plans' })}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'storage.size' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'storage.monthly' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'storage.yearly' })}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const save = saveText(intl, row.monthlyPlan.product, row.yearlyPlan.product);
          return (
            <tr key={row.size_gb}>
              <th scope="row">{gbText(intl, row.size_gb)}</th>
              <td>
                <Cell cell={row.monthlyPlan} name={name} onSelect={onSelect} extraTag={null} />
              </td>
              <td>
                <Cell cell={row.yearlyPlan} name={name} onSelect={onSelect} extraTag={save} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Cell({
  cell,
  name,
  onSelect,
  extraTag,
}: {
  cell: PlanCell<StripeProduct>;
  name: string;
  onSelect: (product: StripeProduct) => void;
  extraTag: string | null;
}) {
  const intl = useIntl();
  const tag = TAGS[cell.type];
  const isUnavailable = cell.type === 'unavailable';
  const isFixed = cell.type === 'active' || cell.type === 'upcoming';
  const periodText = intl.formatMessage({
    id: cell.product.period === 'monthly' ? 'storage.monthly' : 'storage.yearly',
  });
  return (
    <label className={`plan-cell plan-cell--${cell.type}`}>
      <input
        type="radio"
        name={name}
        value={cell.product.id}
        checked={cell.type === 'selected'}
        disabled={isUnavailable || isFixed}
        aria-label={`${gbText(intl, cell.product.size_gb)} ${periodText}: ${planPriceText(intl, cell.product)}`}
        onChange={() => {
          onSelect(cell.product);
        }}
      />
      <span className="plan-cell__price">{planPriceText(intl, cell.product)}</span>
      {tag !== undefined && <span className="badge">{intl.formatMessage({ id: tag })}</span>}
      {extraTag !== null && !isUnavailable && <span className="badge badge--save">{extraTag}</span>}
      {cell.type === 'unavailable' && (
        <span className="plan-cell__why">{intl.formatMessage({ id: REASONS[cell.reason] })}</span>
      )}
    </label>
  );
}
