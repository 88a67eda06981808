import { lazy, Suspense } from 'react';
import { Spinner } from '@halcyon/shared-ui';

// qrcode.react is only needed on this screen: its own chunk.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const QR_SIZE = 200;

/** The deposit address as a QR code (spec 9: size 200) on a white quiet zone so phones can scan it. */
export function AddressQr({ value, label }: { value: string; label: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading QR code" />}>
      <QRCodeSVG value={value} size={QR_SIZE} marginSize={2} bgColor="#ffffff" fgColor="#0b1437" title={label} role="img" aria-label={label} data-testid="address-qr" />
    </Suspense>
  );
}
