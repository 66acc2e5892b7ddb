import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DashboardFigures } from '../../../../../shared/api/backoffice.js';
import { useHttp } from '../../../../app/context.js';
import { formatNumber } from '../../../../lib/format.js';
import { Head } from '../../../../ui/head.js';
import { describeServerError } from '../../../../ui/forms/server-messages.js';
import { dashboardQuery } from '../api/dashboard.js';
import { BarChart } from '../components/bar-chart.js';
import { money, stamp } from '../components/money.js';
import { useOpsI18n } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops`: today's and this month's figures, the last two weeks as bars, the most-read articles, what waits. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const board = useQuery(dashboardQuery(http));
  const heading = (
    <header className="page-header">
      <h1>{t('ops.dashboard')}</h1>
      <p className="page-header__description">{t('ops.dashboardIntro')}</p>
    </header>
  );
  if (board.error) {
    return (
      <>
        {heading}
        <p className="form-error" role="alert">{describeServerError(board.error, t, lang)}</p>
        <button type="button" className="button" onClick={() => void board.refetch()}>{t('common.retry')}</button>
      </>
    );
  }
  if (!board.data) return <>{heading}<p role="status">{t('common.loading')}</p></>;
  const d = board.data;
  const n = (value: number) => formatNumber(lang, value);
  const figures = (f: DashboardFigures) => [
    { label: t('ops.views'), value: n(f.views) },
    { label: t('ops.signups'), value: n(f.signups) },
    { label: t('ops.newMembers'), value: n(f.new_members) },
    { label: t('ops.ordersPlaced'), value: n(f.orders) },
    { label: t('ops.revenue'), value: money(lang, f.revenue, d.currency) },
  ];
  const dayLabel = (day: string) => day.slice(8, 10);
  const waiting = [
    { to: opsPaths.orders('status=paid'), label: t('ops.waitPaid'), count: d.waiting.paid_orders },
    { to: opsPaths.returns(), label: t('ops.waitReturns'), count: d.waiting.payments_to_return },
    { to: opsPaths.moderation(), label: t('ops.waitFlagged'), count: d.waiting.flagged_comments },
    { to: opsPaths.reports(), label: t('ops.waitReports'), count: d.waiting.open_reports },
    { to: opsPaths.submissions(), label: t('ops.waitSubmissions'), count: d.waiting.pending_submissions },
  ];
  return (
    <>
      <Head title={t('ops.dashboard')} noindex />
      {heading}
      <p className="ops-figures-at">{t('ops.figuresAt', { when: stamp(d.figures_at) })}</p>
      <div className="ops-periods">
        {[
          { title: t('ops.today'), f: d.today },
          { title: t('ops.thisMonth'), f: d.month },
        ].map((period) => (
          <section key={period.title} className="ops-period" aria-label={period.title}>
            <h2>{period.title}</h2>
            <dl className="ops-figures">
              {figures(period.f).map((fig) => (
                <div key={fig.label} className="ops-figure">
                  <dt>{fig.label}</dt>
                  <dd>{fig.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <section aria-label={t('ops.waiting')}>
        <h2>{t('ops.waiting')}</h2>
        <ul className="ops-waiting">
          {waiting.map((w) => (
            <li key={w.label}>
              <Link to={w.to}>{w.label}</Link> <strong>{n(w.count)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <div className="ops-charts">
        <BarChart title={t('ops.chartViews')} tableLabel={t('ops.chartAsTable')} bars={d.days.map((day) => ({ label: dayLabel(day.day), value: day.views, text: `${day.day}: ${n(day.views)}` }))} />
        <BarChart title={t('ops.chartRevenue')} tableLabel={t('ops.chartAsTable')} bars={d.days.map((day) => ({ label: dayLabel(day.day), value: day.revenue, text: `${day.day}: ${money(lang, day.revenue, d.currency)}` }))} />
      </div>
      <section aria-label={t('ops.mostRead')}>
        <h2>{t('ops.mostRead')}</h2>
        {d.top_articles.length === 0 ? (
          <p className="empty">{t('ops.noReads')}</p>
        ) : (
          <ol className="ops-top">
            {d.top_articles.map((a) => (
              <li key={a.id}>
                <Link to={`/article/${a.id}`}>{a.title}</Link> <span className="ops-muted">{t('ops.reads', { count: n(a.views) })}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
