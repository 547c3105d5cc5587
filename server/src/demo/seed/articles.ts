import { AuditAction, AuditObjectType, ContentKind } from '@pest/shared';
import { auditChanges, recordAudit } from '../../backend/common/audit-log.ts';
import { auditedContent } from '../../backend/content/content-audit.ts';
import { saveContent } from '../../backend/content/content-writes.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { DEMO_ACTOR, DEMO_SCOPE } from '../demo-actor.ts';

/** Two knowledge articles every customer reads, as the provider's staff would write them in 内容. */
const ARTICLES = [
  {
    title: '德国小蠊的习性与防治要点',
    html: `<h2>习性</h2><p>德国小蠊喜<strong>温暖、潮湿、隐蔽</strong>的环境，昼伏夜出，常见于后厨灶台、洗碗间、冰箱电机和配电箱缝隙。一只雌虫一生可产卵鞘 4–8 个，每个卵鞘约 30–40 粒卵。</p>
<h2>门店能做的</h2><ul><li>每日收市后清理台面油污与食物残渣，垃圾桶加盖并当日清运；</li><li>封堵墙面、管线穿孔与设备缝隙；</li><li>纸箱等外来包装拆封后及时移出后厨。</li></ul>
<h2>我们会做的</h2><table><thead><tr><th>措施</th><th>频次</th></tr></thead><tbody><tr><td>胶饵点施与粘捕监测</td><td>每次常规服务</td></tr><tr><td>重点区域滞留喷洒</td><td>按监测结果</td></tr></tbody></table>`,
  },
  {
    title: '鼠类防治：门店每日自查清单',
    html: `<p>鼠类活动多在夜间，白天看到鼠迹往往说明密度已经较高。请值班人员每日闭店前对照检查：</p>
<ol><li>挡鼠板是否在位，高度不低于 60 厘米；</li><li>下水道、地漏盖板是否完好；</li><li>仓库货物是否离地离墙 10 厘米以上；</li><li>是否发现鼠粪、咬痕或鼠道油迹。</li></ol>
<p>发现异常请在小程序报修，或直接联系驻店技术员。</p>`,
  },
];

/** The demo's 知识文章, through the product's own content write (sanitised and kept as a user's would be). */
export async function seedArticles(tx: Queryable): Promise<void> {
  for (const article of ARTICLES) {
    const id = await saveContent(tx, DEMO_SCOPE, { kind: ContentKind.article, title: article.title, html: article.html, customerIds: null, publish: true }, '');
    // Logged as the API logs a new item: what it became, field by field.
    const kept = await auditedContent(DEMO_SCOPE).read(tx, id);
    await recordAudit(tx, DEMO_ACTOR, { objectType: AuditObjectType.content, objectId: id, action: AuditAction.create, owner: null, changes: auditChanges(null, kept && { ...kept }) });
  }
}
