import type { PropertyView } from '@app/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTokenizationProperties } from '../../hooks/useTokenization';
import { formatDay } from '../../lib/format';
import { resumeStage, stageLabels, unfinishedProperty } from './workflow';

/** The user's submissions not yet tokenized, to pick one up again instead of starting over. */
export function PropertiesInProgress({ onContinue }: { onContinue: (property: PropertyView) => void }) {
  const properties = useTokenizationProperties();
  const unfinished = properties.data?.properties.filter(unfinishedProperty) ?? [];
  if (unfinished.length === 0) return null;
  return (
    <Card title="Continue where you left off">
      <ul aria-label="Properties in progress" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {unfinished.map((property) => (
          <li key={property.id} style={{ padding: '8px 0' }}>
            <Flex align="center" justify="space-between" gap={12} wrap>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong>{property.address}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {property.submissionId}, submitted {formatDay(property.createdAt)}
                </Typography.Text>
              </Flex>
              <Flex align="center" gap={8}>
                <Tag>{stageLabels[resumeStage(property)]}</Tag>
                <Button onClick={() => onContinue(property)} aria-label={`Continue ${property.address}`}>
                  Continue
                </Button>
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}
