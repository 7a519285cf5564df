import { decimalToMicros } from '../../money.ts';
import type { NetworkCampaign } from '../../platforms/network/answers.ts';
import type { DeliveryBudgets } from '../changes/change.ts';

/** What bounds a LinkedIn campaign's spend while it delivers: its daily budget, its total budget, or both. */
export function deliveryBudgets(campaign: NetworkCampaign, currency: string): DeliveryBudgets {
  return {
    currency,
    dailyMicros: campaign.dailyBudget && decimalToMicros(campaign.dailyBudget.amount),
    lifetimeMicros: campaign.totalBudget && decimalToMicros(campaign.totalBudget.amount),
  };
}
