// Certificates of placed members (issue 30): anyone with a code reads it (`get`) or its PDF
// (`pdf`, base64; REST sends the bytes); a member lists their own (`mine`). The rules are in
// domain/certificates.
import { z } from 'zod';
import {
  ZCertificate,
  ZCertificateRef,
  ZMyCertificates,
} from '../../../shared/schemas/certificates';
import * as certificates from '../../domain/certificates';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const certificatesRouter = router({
  get: publicProcedure
    .input(ZCertificateRef)
    .output(ZCertificate)
    .query(({ ctx, input }) => certificates.readCertificate(ctx.db, input)),

  pdf: publicProcedure
    .input(ZCertificateRef)
    .output(z.string())
    // The verification address printed on it: the origin links in mail use (PUBLIC_URL, else the
    // address first served).
    .query(({ ctx, input }) =>
      certificates.certificatePdf(ctx.db, { ...input, origin: ctx.origin }),
    ),

  mine: protectedProcedure
    .output(ZMyCertificates)
    .query(({ ctx }) => certificates.myCertificates(ctx.db, ctx.actor)),
});
