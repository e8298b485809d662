import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountPlan } from './account-plan.entity';

@Injectable()
export class AccountPlansRepository {
  /** Stores an activation unless a newer one is stored. True when this call wrote it. */
  async activated(
    manager: EntityManager,
    plan: Pick<AccountPlan, 'userId' | 'planId' | 'currentPeriodEnd' | 'activatedAt'>,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO tokenization.account_plans (user_id, plan_id, current_period_end, activated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET plan_id = EXCLUDED.plan_id,
         current_period_end = EXCLUDED.current_period_end, activated_at = EXCLUDED.activated_at, updated_at = now()
         WHERE tokenization.account_plans.activated_at <= EXCLUDED.activated_at
       RETURNING user_id`,
      [plan.userId, plan.planId, plan.currentPeriodEnd, plan.activatedAt],
    )) as unknown[];
    return rows.length > 0;
  }

  /** A paid renewal of the stored plan moves its period end forward (never back). */
  async renewed(manager: EntityManager, userId: string, planId: string, periodEnd: Date): Promise<void> {
    await manager.query(
      `UPDATE tokenization.account_plans SET current_period_end = $3, updated_at = now()
        WHERE user_id = $1 AND plan_id = $2 AND current_period_end IS NOT NULL AND current_period_end < $3`,
      [userId, planId, periodEnd],
    );
  }

  byUserId(manager: EntityManager, userId: string): Promise<AccountPlan | null> {
    return manager.findOneBy(AccountPlan, { userId });
  }
}
