import { useRef, useState } from 'react';
import { Alert, Button, Message, Modal, Space, Spin, Table } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ImportEndpoints,
  ImportPaths,
  TOAST_DURATION_MS,
  UPLOAD_SHEET_TYPE,
  type ImportBody,
  type ImportCheck,
  type ImportKind,
  type ImportProblem,
} from '@pest/shared';
import { underApi } from '../../api/http.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { ObjectUploadError, uploadToObjectStore } from '../../api/uploads.ts';
import { downloadFile, saveBlob } from '../../components/ExportButton/index.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { SHEET_MAX_MB, credentialsCsv, importFileProblem } from './importFile.ts';
import { useImportApply } from './useImportApply.ts';
import './ImportDialog.css';

const TITLES = { device: 'imports:devicesTitle', store: 'imports:storesTitle', point: 'imports:pointsTitle' } as const;

export interface ImportDialogProps {
  kind: ImportKind;
  /** Points: the plan they go to. */
  planId?: number;
  /** The cache entries an import makes stale (the page's list). */
  invalidates: readonly QueryKey[];
  onClose(): void;
  /** Names the dialog's parts for tests: `${testId}-file`, `${testId}-confirm`, … */
  testId: string;
}

/**
 * 批量导入: the template, then a filled-in file uploaded and checked (counts, every problem by row
 * and column, the error file), then 确认导入, enabled only without problems; for new devices their
 * secrets once, as a CSV made in the browser.
 */
export function ImportDialog({ kind, planId, invalidates, onClose, testId }: ImportDialogProps) {
  const { t } = useTranslation(['imports']);
  const mobile = useIsMobile();
  const input = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState<ImportBody | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const checking = useEndpointMutation(ImportEndpoints.dryRun, { request: { skipLoading: true } });
  const applying = useImportApply(invalidates);
  const applied = applying.data?.state === 'done' ? applying.data : null;
  const check: ImportCheck | undefined = checking.data;
  // The new devices' secrets come with the job's end, once: the dialog stays until then.
  const close = () => {
    if (!applying.isPending) onClose();
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = importFileProblem(file);
    if (problem) {
      Message.error({ content: t(`imports:${problem}`, { mb: SHEET_MAX_MB }), duration: TOAST_DURATION_MS });
      return;
    }
    checking.reset();
    applying.reset();
    setBody(null);
    setUploading(0);
    try {
      // Some systems give an xlsx no type: the store admits a sheet by its declared type.
      const url = await uploadToObjectStore({ file: new File([file], file.name, { type: UPLOAD_SHEET_TYPE }), onProgress: setUploading });
      const next: ImportBody = { kind, file: url, ...(planId === undefined ? {} : { planId }) };
      setBody(next);
      checking.mutate(next);
    } catch (error) {
      const reason = error instanceof ObjectUploadError ? error.storeReason : undefined;
      Message.error({ content: reason ?? t('imports:uploadFailed'), duration: TOAST_DURATION_MS });
    } finally {
      setUploading(null);
    }
  };

  const busy = uploading !== null || checking.isPending || applying.isPending;
  const busyText = uploading !== null ? t('imports:uploading', { percent: uploading }) : applying.isPending ? t('imports:applying') : t('imports:checking');
  const problemColumns = [
    { title: t('imports:row'), dataIndex: 'row', width: 70 },
    { title: t('imports:column'), dataIndex: 'column', width: 120 },
    { title: t('imports:message'), dataIndex: 'message' },
  ];

  return (
    <Modal
      visible
      style={{ width: mobile ? '100%' : 760 }}
      title={t(TITLES[kind])}
      onCancel={close}
      maskClosable={false}
      unmountOnExit
      data-testid={`${testId}-dialog`}
      footer={
        <>
          <Button onClick={close} disabled={applying.isPending} data-testid={`${testId}-close`}>
            {t('imports:close')}
          </Button>
          {!applied && (
            <Button
              type="primary"
              disabled={!check?.valid || busy}
              loading={applying.isPending}
              onClick={() => body && applying.mutate(body)}
              data-testid={`${testId}-confirm`}
            >
              {t('imports:confirm')}
            </Button>
          )}
        </>
      }
    >
      <p className="import-dialog-steps">{t('imports:steps')}</p>
      <Space wrap>
        <Button
          icon={<IconDownload />}
          onClick={() => void downloadFile({ url: `${underApi(ImportPaths.template)}?kind=${kind}`, fileName: `${t('imports:templateFile')}.xlsx` })}
          data-testid={`${testId}-template`}
        >
          {t('imports:template')}
        </Button>
        {!applied && (
          <Button type="primary" icon={<IconUpload />} disabled={busy} onClick={() => input.current?.click()} data-testid={`${testId}-choose`}>
            {check ? t('imports:chooseAgain') : t('imports:chooseFile')}
          </Button>
        )}
      </Space>
      <input ref={input} type="file" accept=".xlsx" hidden onChange={(event) => void choose(event.target.files?.[0])} data-testid={`${testId}-file`} />
      <p className="import-dialog-hint">{t('imports:fileHint', { mb: SHEET_MAX_MB })}</p>
      {busy && <Spin tip={busyText} className="import-dialog-busy" />}
      {check && !applied && (
        <div data-testid={`${testId}-check`}>
          <Counts counts={check} problems={check.problemCount} />
          <Alert type={check.valid ? 'success' : 'error'} content={check.valid ? t('imports:valid') : t('imports:invalid', { count: check.problemCount })} />
          {check.problems.length > 0 && (
            <>
              <Table<ImportProblem>
                className="import-dialog-problems"
                size="small"
                rowKey={(problem) => `${problem.row}-${problem.column}-${problem.message}`}
                columns={problemColumns}
                data={check.problems}
                pagination={{ pageSize: 8, simple: true }}
                data-testid={`${testId}-problems`}
              />
              {check.problemCount > check.problems.length && <p className="import-dialog-hint">{t('imports:moreProblems', { shown: check.problems.length })}</p>}
              <Button
                icon={<IconDownload />}
                onClick={() => body && void downloadFile({ url: underApi(ImportPaths.errorFile), body, fileName: `${t('imports:errorFileName')}.xlsx` })}
                data-testid={`${testId}-error-file`}
              >
                {t('imports:errorFile')}
              </Button>
            </>
          )}
        </div>
      )}
      {applied && (
        <div data-testid={`${testId}-done`}>
          <Counts counts={applied} />
          <Alert type="success" content={t('imports:imported', applied)} />
          {applied.credentials.length > 0 && (
            <div className="import-dialog-credentials">
              <Alert type="warning" content={t('imports:credentialsOnce')} />
              <Button
                type="primary"
                icon={<IconDownload />}
                onClick={() => saveBlob(new Blob([credentialsCsv(applied.credentials, ['deviceNo', 'secret'])], { type: 'text/csv' }), `${t('imports:credentialsFileName')}.csv`)}
                data-testid={`${testId}-credentials`}
              >
                {t('imports:credentials')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

/** Rows, and what the import does (would do) with them. */
function Counts({ counts, problems }: { counts: { rows: number; created: number; updated: number; unchanged: number }; problems?: number }) {
  const { t } = useTranslation(['imports']);
  const items: [string, number][] = [
    [t('imports:rows'), counts.rows],
    [t('imports:created'), counts.created],
    [t('imports:updated'), counts.updated],
    [t('imports:unchanged'), counts.unchanged],
    ...(problems === undefined ? [] : ([[t('imports:problems'), problems]] as [string, number][])),
  ];
  return (
    <dl className="import-dialog-counts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
