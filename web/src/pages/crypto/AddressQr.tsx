import { Flex, QRCode, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';

interface AddressQrProps {
  label: string;
  address: string;
  /** What the QR code encodes, when it is more than the bare address (e.g. a payment URI). */
  qrValue?: string;
  size?: number;
}

/** An address as a scannable QR code (SVG: sharp at any size) with the text and a copy button. */
export function AddressQr({ label, address, qrValue = address, size = 160 }: AddressQrProps) {
  return (
    <Flex vertical align="center" gap={8} data-testid="address-qr">
      {/* Dark modules on white whatever the theme: inverted codes defeat many scanners. */}
      <QRCode
        type="svg"
        value={qrValue}
        size={size}
        color="#000000"
        bgColor="#ffffff"
        aria-label={`QR code of the ${label.toLowerCase()}`}
      />
      <Typography.Text strong>{label}</Typography.Text>
      <Flex align="center" gap={8} wrap justify="center">
        <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
          {address}
        </Typography.Text>
        <CopyButton text={address} label={label} />
      </Flex>
    </Flex>
  );
}
