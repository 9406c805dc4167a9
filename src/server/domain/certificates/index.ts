// What other areas may use of certificates (issue 30): issued when results are confirmed,
// withdrawn when they are reopened, read by anyone with the code (page, JSON, PDF).
export { issueCertificates, withdrawCertificates, type NewCertificate } from './issue';
export { myCertificates, readCertificate } from './read';
export { certificatePdf } from './pdf';
