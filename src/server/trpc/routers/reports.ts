// The moderators' Reports queue of the contests' discussions (issue 32): reported posts grouped
// per post, and the review (hide, restore, delete, dismiss) that resolves a post's open reports.
// Moderators and admins only; the rules are domain/discussion's listReports and reviewReport.
import {
  ZListReportsRequest,
  ZReportList,
  ZReviewReportRequest,
  ZReviewReportResponse,
} from '../../../shared/schemas/reports';
import * as discussion from '../../domain/discussion';
import { moderatorProcedure, router } from '../trpc';
import { asActor } from './resolve';

export const reportsRouter = router({
  list: moderatorProcedure
    .input(ZListReportsRequest)
    .output(ZReportList)
    .query(asActor(discussion.listReports)),

  review: moderatorProcedure
    .input(ZReviewReportRequest)
    .output(ZReviewReportResponse)
    .mutation(asActor(discussion.reviewReport)),
});
