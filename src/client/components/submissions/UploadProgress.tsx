// The bar a file's upload shows while it is sent (a 200 MB key takes a while on a slow line).
import { ProgressBar } from '../common/ProgressBar';

export function UploadProgress({ share, label }: { share: number; label: string }) {
  const percent = Math.round(share * 100);
  return (
    <ProgressBar
      value={percent}
      aria-label={label}
      label={label}
      status={percent < 100 ? `${percent}%` : 'Checking the file…'}
    />
  );
}
