import { Col, Flex, Row, Tabs, Typography } from 'antd';
import { EscrowTab } from './EscrowTab';
import { PortfolioTab } from './PortfolioTab';
import { QuickCryptoPayment } from './QuickCryptoPayment';
import { ReceiveTab } from './ReceiveTab';
import { SendTab } from './SendTab';
import { CryptoTimingContext, defaultCryptoTiming, type CryptoTiming } from './timing';
import { WalletSessionProvider } from './WalletSession';

interface CryptoWalletPageProps {
  /** Polling intervals; tests pass short ones. */
  timing?: Partial<CryptoTiming>;
}

/** Spec 2 'Crypto Wallet': one XRP Ledger wallet per visit, with a quick Coinbase Commerce payment beside it. */
export function CryptoWalletPage({ timing }: CryptoWalletPageProps) {
  return (
    <CryptoTimingContext.Provider value={{ ...defaultCryptoTiming, ...timing }}>
      <WalletSessionProvider>
        <Flex vertical gap={24}>
          <div>
            <Typography.Title level={1} style={{ marginBottom: 4 }}>
              Crypto Wallet
            </Typography.Title>
            <Typography.Text type="secondary">
              Manage your cryptocurrency portfolio, send payments, and create escrows
            </Typography.Text>
          </div>
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={15}>
              <Tabs
                items={[
                  { key: 'portfolio', label: 'Portfolio', children: <PortfolioTab /> },
                  { key: 'send', label: 'Send', children: <SendTab available /> },
                  { key: 'receive', label: 'Receive', children: <ReceiveTab /> },
                  { key: 'escrow', label: 'Escrow', children: <EscrowTab /> },
                ]}
              />
            </Col>
            <Col xs={24} lg={9}>
              <QuickCryptoPayment />
            </Col>
          </Row>
        </Flex>
      </WalletSessionProvider>
    </CryptoTimingContext.Provider>
  );
}
