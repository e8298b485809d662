import { expectedReferralOptions, referralEstimates, type ExpectedReferrals } from '@app/contracts';
import site from '../../../components/site/site.module.css';
import { cx } from '../../../lib/cx';
import styles from './affiliate.module.css';

const referralsLabel = (value: ExpectedReferrals) =>
  expectedReferralOptions.find((option) => option.value === value)?.label ?? value;

/** Spec 9: the estimate by expected monthly referrals; the row of the applicant's choice is highlighted. */
export function EarningsEstimate({ expectedReferrals }: { expectedReferrals: ExpectedReferrals | undefined }) {
  const chosen = referralEstimates.find((estimate) => estimate.expectedReferrals === expectedReferrals);
  return (
    <section aria-labelledby="estimate-heading" className={styles.estimate}>
      <h2 id="estimate-heading" className={styles.estimateTitle}>
        Your earnings estimate
      </h2>
      <p aria-live="polite" className={styles.estimateSummary}>
        {chosen
          ? `With ${referralsLabel(chosen.expectedReferrals)} you could earn ${chosen.estimatedMonthlyEarnings} a month at ${chosen.ratePercent}% commission, with a ${chosen.cookieDays}-day referral cookie.`
          : 'Choose your expected monthly referrals to see your estimate.'}
      </p>
      <div className={site.tableWrap}>
        <table className={site.table}>
          <caption>
            Estimates of monthly commission on first-year subscription fees; actual earnings depend on the plans your
            referrals choose.
          </caption>
          <thead>
            <tr>
              <th scope="col">Expected referrals</th>
              <th scope="col">Commission rate</th>
              <th scope="col">Cookie window</th>
              <th scope="col">Estimated monthly earnings</th>
            </tr>
          </thead>
          <tbody>
            {referralEstimates.map((estimate) => {
              const selected = estimate === chosen;
              return (
                <tr
                  key={estimate.expectedReferrals}
                  aria-current={selected ? 'true' : undefined}
                  className={cx(selected && styles.selectedRow)}
                >
                  <th scope="row">{referralsLabel(estimate.expectedReferrals)}</th>
                  <td>{estimate.ratePercent}%</td>
                  <td>{estimate.cookieDays} days</td>
                  <td>{estimate.estimatedMonthlyEarnings}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
