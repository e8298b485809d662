import { Flex, Spin, Typography } from 'antd';

/** Generation may take several seconds with a real model: say so while it runs. */
export function GenerationProgress({ what }: { what: string }) {
  return (
    <Flex align="center" gap={12} role="status">
      <Spin />
      <Typography.Text>Generating {what}... this can take a few seconds.</Typography.Text>
    </Flex>
  );
}
