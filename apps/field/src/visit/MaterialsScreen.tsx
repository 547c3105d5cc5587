import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLimits, type FieldCatalog, type FieldVisit } from '@pest/shared';
import { newClientId } from '../api/newClientId.ts';
import { go } from '../app/route.ts';
import { useServices } from '../app/services.ts';
import { isClosed, type VisitDraft } from '../store/draft.ts';
import { PickField } from '../ui/PickField.tsx';
import { editDraft } from './draftActions.ts';

interface MaterialForm {
  materialId: number | null;
  regionId: number | null;
  lotNo: string;
  quantity: string;
}
const EMPTY: MaterialForm = { materialId: null, regionId: null, lotNo: '', quantity: '' };

/** 物料: what was used where, product, lot and quantity; the whole list is what the server keeps. */
export function MaterialsScreen({ visit, catalog, draft }: { visit: FieldVisit; catalog: FieldCatalog | null; draft: VisitDraft }) {
  const { t } = useTranslation();
  const services = useServices();
  const [form, setForm] = useState<MaterialForm>(EMPTY);
  const [missing, setMissing] = useState(false);
  const locked = isClosed(draft) || draft.startedAt === null;
  const set = (change: Partial<MaterialForm>) => setForm((current) => ({ ...current, ...change }));
  const product = (id: number) => catalog?.materials.find((material) => material.id === id);

  const add = () => {
    const quantity = Number(form.quantity);
    const { materialId, regionId } = form;
    if (materialId === null || regionId === null || form.lotNo.trim() === '' || !(quantity > 0) || quantity > FieldLimits.quantity) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void editDraft(services, visit.id, (next, rev) => ({
      ...next,
      materials: [...next.materials, { key: newClientId(), materialId, regionId, lotNo: form.lotNo.trim(), quantity, rev }],
      materialsRev: rev,
    }));
    setForm(EMPTY);
  };

  return (
    <div className="screen with-bar" data-testid="materials-screen">
      <h1>{t('material.title')}</h1>
      {draft.startedAt === null && <p className="banner warn">{t('visit.startFirst')}</p>}
      {draft.materials.length === 0 && <p className="muted">{t('material.none')}</p>}
      <ul className="plain">
        {draft.materials.map((material) => (
          <li key={material.key} className="card" data-testid="material-row">
            <strong>
              {product(material.materialId)?.name}
              {material.rev > draft.sentRev && <span className="unsent-dot"> ●</span>}
            </strong>
            <span className="muted">
              {visit.regions.find((region) => region.id === material.regionId)?.name} · {t('material.lot')} {material.lotNo} · {material.quantity} {product(material.materialId)?.unit}
            </span>
            {!locked && (
              <button
                type="button"
                onClick={() => void editDraft(services, visit.id, (next, rev) => ({ ...next, materials: next.materials.filter((other) => other.key !== material.key), materialsRev: rev }))}
              >
                {t('remove')}
              </button>
            )}
          </li>
        ))}
      </ul>

      {!locked && (
        <section className="card form" data-testid="material-form">
          <PickField
            label={t('material.product')}
            value={form.materialId}
            options={(catalog?.materials ?? []).map((material) => ({ id: material.id, name: `${material.name}（${material.unit}）` }))}
            placeholder={t('risk.choose')}
            onChange={(materialId) => set({ materialId })}
            testId="material-product"
          />
          <PickField label={t('material.region')} value={form.regionId} options={visit.regions} placeholder={t('risk.choose')} onChange={(regionId) => set({ regionId })} testId="material-region" />
          <label className="field">
            <span>{t('material.lot')}</span>
            <input value={form.lotNo} maxLength={FieldLimits.lotNo} onChange={(event) => set({ lotNo: event.target.value })} data-testid="material-lot" />
          </label>
          <label className="field">
            <span>{t('material.quantity')}</span>
            <input type="number" inputMode="decimal" min={0} step="any" value={form.quantity} onChange={(event) => set({ quantity: event.target.value })} data-testid="material-quantity" />
          </label>
          {missing && <p className="error">{t('material.required')}</p>}
          <button type="button" className="primary big wide" onClick={add} data-testid="material-add">
            ＋ {t('material.add')}
          </button>
        </section>
      )}

      <nav className="bottom-bar">
        <button type="button" className="big wide" onClick={() => go({ screen: 'visit', visitId: visit.id })}>
          {t('back')}
        </button>
      </nav>
    </div>
  );
}
