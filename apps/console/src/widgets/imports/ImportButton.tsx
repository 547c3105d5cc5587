import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconImport } from '@arco-design/web-react/icon';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_PERMISSIONS, type ImportKind } from '@pest/shared';
import { useCan } from '../../session/useCan.ts';
import { ImportDialog } from './ImportDialog.tsx';

const LABELS = { device: 'imports:importDevices', store: 'imports:importStores', point: 'imports:importPoints' } as const;

/** 导入设备 / 导入门店 / 导入点位: a button opening the import dialog of its kind, offered only to those whose roles allow that import. */
export function ImportButton({ size, ...dialog }: { kind: ImportKind; planId?: number; invalidates: readonly QueryKey[]; size?: 'small' | 'default'; testId: string }) {
  const { t } = useTranslation(['imports']);
  const [open, setOpen] = useState(false);
  const can = useCan();
  if (!can(IMPORT_PERMISSIONS[dialog.kind])) return null;
  return (
    <>
      <Button size={size} icon={<IconImport />} onClick={() => setOpen(true)} data-testid={dialog.testId}>
        {t(LABELS[dialog.kind])}
      </Button>
      {open && <ImportDialog {...dialog} onClose={() => setOpen(false)} />}
    </>
  );
}
