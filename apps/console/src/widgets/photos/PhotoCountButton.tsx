import { Button } from '@arco-design/web-react';
import { IconImage } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import './PhotoCountButton.css';

interface PhotoCountButtonProps {
  photos: readonly string[];
  /** What the photos are, for screen readers: 整改前照片 or 整改后照片. */
  label: string;
  onOpen(): void;
  testId: string;
}

/**
 * A photo column's cell: the first photo as a thumbnail and how many there are. It stays
 * clickable without photos, so the click can say 暂无照片数据！ (console-spec section 5).
 */
export function PhotoCountButton({ photos, label, onOpen, testId }: PhotoCountButtonProps) {
  const { t } = useTranslation(['photos']);
  const [first] = photos;
  return (
    <Button
      size="small"
      type={first ? 'secondary' : 'text'}
      className={first ? 'risk-photo-button' : 'risk-photo-button risk-photo-button-empty'}
      onClick={onOpen}
      aria-label={`${label}: ${t('photos:count', { count: photos.length })}`}
      data-testid={testId}
      data-count={photos.length}
    >
      {first ? <img className="risk-photo-thumb" src={first} alt="" loading="lazy" /> : <IconImage className="risk-photo-none" />}
      <span>{t('photos:count', { count: photos.length })}</span>
    </Button>
  );
}
