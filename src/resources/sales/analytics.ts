import { AnalyticsMethods } from '../../generated/resources/reports.js';

/** Analytics: the sales funnel (spec document 2, "Customers"), KPIs and the dashboard (spec document 3, "Reports"). */
export class Analytics extends AnalyticsMethods {}
