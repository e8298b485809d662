import { Alert, Button, Flex, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';

/** The seed, shown this once: it is not stored anywhere, so a lost seed means a lost wallet. */
export function SeedNotice({ seed, onSaved }: { seed: string; onSaved: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="Save your seed now"
      data-testid="seed-notice"
      description={
        <Flex vertical gap={12} style={{ marginTop: 8 }}>
          <Typography.Text>
            This seed is the only key to the wallet. We show it once and do not store it: it stays in this page only
            while it is open, to sign your payments and escrows. Write it down or keep it in a password manager before
            you continue. Anyone with the seed can spend the wallet&apos;s XRP.
          </Typography.Text>
          <Flex align="center" gap={8} wrap>
            <Typography.Text code style={{ overflowWrap: 'anywhere' }} data-testid="wallet-seed">
              {seed}
            </Typography.Text>
            <CopyButton text={seed} label="Seed" />
          </Flex>
          <Flex justify="flex-end">
            <Button type="primary" onClick={onSaved}>
              I Have Saved My Seed
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
