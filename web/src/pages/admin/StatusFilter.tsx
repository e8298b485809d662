import { humanize } from '../../lib/format';
import { Flex, Select, Typography } from 'antd';

interface StatusFilterProps {
  id: string;
  statuses: readonly string[];
  /** '' means every status. */
  value: string;
  onChange: (status: string) => void;
}

export function StatusFilter({ id, statuses, value, onChange }: StatusFilterProps) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>
        <label htmlFor={id}>Status</label>
      </Typography.Text>
      <Select
        id={id}
        style={{ minWidth: 160 }}
        value={value}
        onChange={onChange}
        options={[
          { value: '', label: 'All' },
          ...statuses.map((status) => ({ value: status, label: humanize(status) })),
        ]}
      />
    </Flex>
  );
}
