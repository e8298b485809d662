import type { Charge, CryptoSymbol } from '@app/contracts';
import { Flex, Typography } from 'antd';
import { AddressQr } from './AddressQr';

/** Coinbase names addresses by network ("bitcoin", "ethereum", "polygon", "usdc"); match either way. */
const addressKeys: Record<CryptoSymbol, string[]> = {
  BTC: ['btc', 'bitcoin'],
  ETH: ['eth', 'ethereum'],
  MATIC: ['matic', 'polygon'],
  XRP: ['xrp', 'ripple'],
  USDC: ['usdc'],
};

/**
 * Where to pay a charge: its Coinbase payment page, the chosen currency's address as a QR code, and
 * the charge's other addresses (copyable). The quick payment and the checkout's crypto tab show it.
 */
export function ChargeAddresses({ charge, currency }: { charge: Charge; currency: CryptoSymbol }) {
  const addresses = Object.entries(charge.addresses);
  const preferred = addresses.find(([key]) => addressKeys[currency].includes(key.toLowerCase()));
  const others = addresses.filter((entry) => entry !== preferred);
  return (
    <>
      <a href={charge.hostedUrl} target="_blank" rel="noreferrer">
        Open the Coinbase payment page
      </a>
      {preferred ? (
        <AddressQr label={`${currency} address`} address={preferred[1]} />
      ) : (
        <Typography.Text type="secondary">
          Coinbase gave no {currency} address for this charge; use another address or the payment page.
        </Typography.Text>
      )}
      {others.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text strong>Other addresses</Typography.Text>
          {others.map(([key, address]) => (
            <Typography.Text key={key} copyable={{ text: address }} style={{ overflowWrap: 'anywhere' }}>
              {key}: {address}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </>
  );
}
