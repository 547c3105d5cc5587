import type { Queryable } from '../db.ts';
import { insertRows } from './insert-rows.ts';

/**
 * The provider's materials register. Registration numbers follow the shape of China's sanitary
 * pesticide registrations (WP + year + serial) but are invented for the demo.
 */
export const MATERIALS = [
  { id: 1, name: '0.005%溴敌隆饵剂', registrationNo: 'WP20110139', activeIngredient: '溴敌隆', unit: 'g', kind: 'rodenticide' },
  { id: 2, name: '2.5%吡虫啉杀蟑胶饵', registrationNo: 'WP20140210', activeIngredient: '吡虫啉', unit: 'g', kind: 'insecticide' },
  { id: 3, name: '4.5%高效氯氰菊酯水乳剂', registrationNo: 'WP20090183', activeIngredient: '高效氯氰菊酯', unit: 'ml', kind: 'insecticide' },
  { id: 4, name: '灭蝇灯粘蝇纸', registrationNo: null, activeIngredient: null, unit: '张', kind: 'consumable' },
  { id: 5, name: '灭蝇灯紫外灯管 18W', registrationNo: null, activeIngredient: null, unit: '支', kind: 'consumable' },
  { id: 6, name: '粘鼠板', registrationNo: null, activeIngredient: null, unit: '张', kind: 'consumable' },
  { id: 7, name: '蟑螂屋', registrationNo: null, activeIngredient: null, unit: '个', kind: 'consumable' },
] as const;

/** The catalogue every start has, which the provider then keeps in 物料. */
export async function seedMaterials(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'materials',
    ['id', 'name', 'registration_no', 'active_ingredient', 'unit', 'kind'],
    ['int', 'text', 'text', 'text', 'text', 'text'],
    MATERIALS.map((m) => [m.id, m.name, m.registrationNo, m.activeIngredient, m.unit, m.kind]),
  );
  // Explicit ids bypass the identity sequence (migration 460): products added later come after them.
  await tx.query(`select setval(pg_get_serial_sequence('materials', 'id'), (select max(id) from materials))`);
}
