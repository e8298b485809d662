import { transactionStatuses, transactionTypes } from '@app/contracts';
import { Button, DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import type { TransactionFilters } from '../../api/dashboard';
import { statusLabels, typeLabels } from './labels';

const dateFormat = 'YYYY-MM-DD';

const typeOptions = [
  { value: '', label: 'All types' },
  ...transactionTypes.map((type) => ({ value: type, label: typeLabels[type] })),
];
const statusOptions = [
  { value: '', label: 'All statuses' },
  ...transactionStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
];

interface Props {
  filters: TransactionFilters;
  onChange: (filters: TransactionFilters) => void;
}

/** Type, status and date filters of the transactions list (the server filters; dates are UTC days). */
export function TransactionFiltersBar({ filters, onChange }: Props) {
  const set = (patch: TransactionFilters) => onChange({ ...filters, ...patch });
  return (
    <Flex gap={12} wrap align="center">
      <Select
        aria-label="Type"
        style={{ minWidth: 140 }}
        value={filters.type ?? ''}
        options={typeOptions}
        onChange={(value: string) => set({ type: (value || undefined) as TransactionFilters['type'] })}
      />
      <Select
        aria-label="Status"
        style={{ minWidth: 150 }}
        value={filters.status ?? ''}
        options={statusOptions}
        onChange={(value: string) => set({ status: (value || undefined) as TransactionFilters['status'] })}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormat}
        allowEmpty={[true, true]}
        value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
        onChange={(range) =>
          set({ from: range?.[0]?.format(dateFormat) || undefined, to: range?.[1]?.format(dateFormat) || undefined })
        }
      />
      <Button type="link" disabled={!Object.values(filters).some(Boolean)} onClick={() => onChange({})}>
        Clear filters
      </Button>
    </Flex>
  );
}
