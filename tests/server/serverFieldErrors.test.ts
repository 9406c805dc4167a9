// The form hook's placing of the server's refusals (client/lib/errors.ts): a refusal beside the
// field it is about, a list item's issue on that item's field.
import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from '../../src/client/lib/errors';

/** A refused call as the tRPC client raises it: the message and the data the server sent. */
function refused(message: string, data: Record<string, unknown>) {
  return Object.assign(new Error(message), { data });
}

describe('serverFieldErrors', () => {
  it('puts a validation issue on the field it names, and only a field of the form', () => {
    const error = refused('Enter a name', {
      issues: [
        { path: 'name', message: 'Enter a name' },
        { path: 'other', message: 'Not on this form' },
      ],
    });
    expect(serverFieldErrors(error, { byMessage: {}, fields: ['name'] })).toEqual({
      name: 'Enter a name',
    });
  });

  it("puts a list item's issue on that item's field, and the list's own on the list", () => {
    const error = refused('A share is a percentage', {
      issues: [
        { path: 'shares.1.percent', message: 'A share is a percentage' },
        { path: 'shares', message: 'Prize shares must total 100 %' },
        { path: 'sharesExtra', message: 'Another field whose name starts the same' },
      ],
    });
    expect(serverFieldErrors(error, { byMessage: {}, fields: ['shares'] })).toEqual({
      'shares.1.percent': 'A share is a percentage',
      shares: 'Prize shares must total 100 %',
    });
  });

  it("places a service's refusal on the field its details name", () => {
    const error = refused('Prize shares must total 100 %', { details: { field: 'shares' } });
    expect(serverFieldErrors(error, { byMessage: {}, fields: ['shares'] })).toEqual({
      shares: 'Prize shares must total 100 %',
    });
    expect(serverFieldErrors(error, { byMessage: {}, fields: ['name'] })).toEqual({});
  });

  it('places a refusal by its message or its reason', () => {
    const error = refused('Email already in use', { reason: 'email_taken' });
    expect(serverFieldErrors(error, { byMessage: { 'Email already in use': 'email' } })).toEqual({
      email: 'Email already in use',
    });
    expect(serverFieldErrors(error, { byMessage: {}, byReason: { email_taken: 'mail' } })).toEqual({
      mail: 'Email already in use',
    });
  });
});
