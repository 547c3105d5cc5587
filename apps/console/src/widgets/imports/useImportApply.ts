import { Message } from '@arco-design/web-react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_JOB_POLL_MS, ImportEndpoints, TOAST_DURATION_MS, type ImportBody, type ImportJob } from '@pest/shared';
import { call, reportError } from '../../api/http.ts';

/** Starts the import's job and follows it until it is done or failed: the job as it ended. */
export async function applyImport(body: ImportBody, pollMs = IMPORT_JOB_POLL_MS): Promise<ImportJob> {
  const { jobId } = await call(ImportEndpoints.apply, body, { skipLoading: true });
  for (;;) {
    const job = await call(ImportEndpoints.job, { jobId }, { skipLoading: true });
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * 确认导入: the job to its end, then its outcome told (a failed job's reason, with nothing written)
 * and the lists it changed asked again. The done job is the only answer that carries the new
 * devices' secrets: it is kept by the mutation, not asked again.
 */
export function useImportApply(invalidates: readonly QueryKey[]) {
  const { t } = useTranslation(['imports']);
  const queryClient = useQueryClient();
  return useMutation<ImportJob, unknown, ImportBody>({
    mutationFn: (body) => applyImport(body),
    onSuccess: (job) => {
      if (job.state === 'failed') {
        Message.error({ content: job.message ?? t('imports:failed'), duration: TOAST_DURATION_MS });
        return;
      }
      Message.success({ content: t('imports:imported', job), duration: TOAST_DURATION_MS });
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
    },
    onError: reportError,
  });
}
