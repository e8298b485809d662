import { Flex, Typography } from 'antd';
import { AddressQr } from './AddressQr';
import { GenerateWallet } from './PortfolioTab';
import { useWalletSession } from './WalletSession';

/** The session wallet's address to pay into, as text and QR code. */
export function ReceiveTab() {
  const { wallet } = useWalletSession();
  if (!wallet) return <GenerateWallet />;
  return (
    <Flex vertical gap={16} align="center">
      <AddressQr label="XRP address" address={wallet.address} size={200} />
      <Typography.Paragraph type="secondary" style={{ maxWidth: 520, textAlign: 'center', margin: 0 }}>
        Send only XRP on the XRP Ledger to this address. A new address is activated by its first payment of at least 10
        XRP (the minimum reserve). XRP payments confirm in 3-5 seconds.
      </Typography.Paragraph>
    </Flex>
  );
}
