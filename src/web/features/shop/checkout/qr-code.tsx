import { useEffect, useState } from 'react';

/** A payment code drawn as an image (the `qrcode` library loads only when a code is shown). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 2, width: 240, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (active) setSrc(url);
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [value]);
  if (failed) return <p className="meta checkout-qr__raw">{value}</p>;
  return src ? <img className="checkout-qr" src={src} alt={label} width={240} height={240} /> : <div className="checkout-qr checkout-qr--loading" role="img" aria-label={label} />;
}
