import type { CreatedPos } from '@app/contracts';
import { usePosSystems } from '../../hooks/useIntegrations';
import { PosCard } from './IntegrationCards';
import { IntegrationTab } from './IntegrationTab';
import { PosForm } from './PosForm';

export function PosSystemsTab() {
  return (
    <IntegrationTab
      query={usePosSystems()}
      title="POS Systems"
      noun="POS systems"
      emptyText="No POS systems connected yet."
      addLabel="Add POS System"
      renderForm={(handlers) => <PosForm {...handlers} />}
      nameOf={(created: CreatedPos) => created.posName}
      renderItem={(pos) => <PosCard pos={pos} />}
    />
  );
}
