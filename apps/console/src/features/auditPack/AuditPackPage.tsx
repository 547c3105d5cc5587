import { useState } from 'react';
import { Alert, Checkbox, Message } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScreenFilterForms, TOAST_DURATION_MS, type AuditPackSection, type AuditPackStatus, type FilterParams } from '@pest/shared';
import { auditPackKeys, cancelAuditPack, createAuditPack } from '../../api/auditPacks.ts';
import { RequestError } from '../../api/http.ts';
import { FilterForm, FilterItem } from '../../components/FilterForm/index.ts';
import { AuditPackProgress } from './AuditPackProgress.tsx';
import { AuditPackTable } from './AuditPackTable.tsx';
import { createBody, OPTIONAL_SECTIONS } from './auditPackRequest.ts';
import { withNewPack } from './auditPackList.ts';
import { useAuditPackList } from './useAuditPackList.ts';
import './auditPack.css';

/** Stores (several) and the period, opening on the last full quarter. */
const AUDIT_PACK_FILTERS = ScreenFilterForms.auditPack;

/**
 * 审计资料包 (issue 22, /dataSheet/auditPack): what an auditor asks for (plan, floor plans, a
 * year of reports, point checks, trend review, corrective actions, pesticide records, devices,
 * licences) as one zip, built in the background. The pack asked for here shows its progress live
 * and then its download; the recent packs are listed below.
 */
export function AuditPackPage() {
  const { t } = useTranslation(['auditPack']);
  const queryClient = useQueryClient();
  const packs = useAuditPackList();
  const [sections, setSections] = useState<readonly AuditPackSection[]>(OPTIONAL_SECTIONS);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = packs.data?.find((pack) => pack.id === currentId);

  const replace = (pack: AuditPackStatus) => queryClient.setQueryData<AuditPackStatus[]>(auditPackKeys.list, (shown) => withNewPack(shown ?? [], pack));

  const generate = async (params: FilterParams) => {
    const body = createBody(params, sections);
    setRefusal(body ? null : t('auditPack:periodRequired'));
    if (!body) return;
    try {
      const pack = await createAuditPack(body);
      replace(pack);
      setCurrentId(pack.id);
      Message.success({ content: t('auditPack:requested'), duration: TOAST_DURATION_MS });
    } catch (error) {
      // The server's reason in words for the user (over 400 days, a store out of scope), kept beside the form.
      setRefusal(error instanceof RequestError ? error.message : String(error));
    }
  };

  const cancel = async (pack: AuditPackStatus) => {
    try {
      replace(await cancelAuditPack(pack.id));
      Message.info({ content: t('auditPack:cancelled'), duration: TOAST_DURATION_MS });
    } catch {
      // The http client has shown the server's reason (it finished meanwhile); the live list shows its state.
    }
  };

  return (
    <section className="audit-pack-page" data-testid="audit-pack-page">
      <FilterForm
        config={AUDIT_PACK_FILTERS}
        queryText={t('auditPack:generate')}
        queryIcon={<IconFile />}
        onQuery={(params) => void generate(params)}
        onReset={() => {
          setSections(OPTIONAL_SECTIONS);
          setRefusal(null);
        }}
        extraItems={
          <FilterItem name="sections" label={t('auditPack:sections')}>
            <div className="audit-pack-sections" role="group" aria-label={t('auditPack:sections')}>
              <Checkbox checked disabled data-testid="audit-pack-section-cover">
                {t('auditPack:sectionLabel.cover')}
              </Checkbox>
              <Checkbox.Group value={[...sections]} onChange={(value: AuditPackSection[]) => setSections(OPTIONAL_SECTIONS.filter((section) => value.includes(section)))}>
                {OPTIONAL_SECTIONS.map((section) => (
                  <Checkbox key={section} value={section} data-testid={`audit-pack-section-${section}`}>
                    {t(`auditPack:sectionLabel.${section}`)}
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </div>
          </FilterItem>
        }
      />
      {refusal && <Alert type="error" content={refusal} className="audit-pack-refusal" data-testid="audit-pack-refusal" />}
      {current && <AuditPackProgress pack={current} onCancel={(pack) => void cancel(pack)} />}
      <h2 className="audit-pack-heading">{t('auditPack:recent')}</h2>
      <AuditPackTable packs={packs.data ?? []} loading={packs.isFetching && !packs.data} onCancel={(pack) => void cancel(pack)} />
    </section>
  );
}
