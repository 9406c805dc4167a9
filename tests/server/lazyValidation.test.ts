// The sign-in forms' schema-on-first-focus validation gives exactly the errors Formik gives with
// `validationSchema={toFormikValidationSchema(schema)}`, and lets the form through (the server
// checks it) while the schema cannot be fetched; and so does the validationSchema useZodForm gives
// a form whose schema is in hand (the adapter fetched, not imported).
import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { describe, expect, it } from 'vitest';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import type { ZodType } from 'zod';
import { lazySchemaValidation, schemaValidation } from '../../src/client/lib/lazyValidation';
import { ZLoginRequestSchema, ZRegisterRequestSchema } from '../../src/shared/schemas/auth';

/** What Formik itself does with a validationSchema. */
async function formikErrors(schema: ZodType, values: object): Promise<FormikErrors<object>> {
  try {
    await validateYupSchema(values, toFormikValidationSchema(schema));
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

const loginCases = [
  { username: '', password: '' },
  { username: 'al', password: '123' },
  { username: '  someone  ', password: 'long-enough-password' },
  { username: 'x'.repeat(60), password: '' },
];

const registerCases = [
  { username: '', email: '', phone: '', password: '', confirmPassword: '' },
  {
    username: 'newbie',
    email: 'not-an-email',
    phone: 'abc',
    password: 'short',
    confirmPassword: 'other',
  },
  {
    username: 'newbie',
    email: 'newbie@example.com',
    phone: '',
    password: 'kestrel-orbit-93',
    confirmPassword: 'kestrel-orbit-93',
  },
];

describe('lazySchemaValidation', () => {
  it('gives the login form the same errors as Formik with the schema', async () => {
    const validate = lazySchemaValidation(() => Promise.resolve(ZLoginRequestSchema));
    for (const values of loginCases) {
      expect(await validate(values)).toEqual(await formikErrors(ZLoginRequestSchema, values));
    }
    expect(await validate(loginCases[0]!)).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(await validate(loginCases[2]!)).toEqual({});
  });

  it('gives the register form the same errors as Formik with the schema', async () => {
    const validate = lazySchemaValidation(() => Promise.resolve(ZRegisterRequestSchema));
    for (const values of registerCases) {
      expect(await validate(values)).toEqual(await formikErrors(ZRegisterRequestSchema, values));
    }
    expect(Object.keys(await validate(registerCases[1]!)).sort()).toEqual(
      ['confirmPassword', 'email', 'password', 'phone'].sort(),
    );
  });

  it('fetches the schema once, however often it validates', async () => {
    let loads = 0;
    const validate = lazySchemaValidation(() => {
      loads += 1;
      return Promise.resolve(ZLoginRequestSchema);
    });
    validate.preload();
    await Promise.all(loginCases.map((values) => validate(values)));
    await validate(loginCases[1]!);
    expect(loads).toBe(1);
  });

  it('lets the form through while the schema cannot be fetched, and fetches again later', async () => {
    let online = false;
    const validate = lazySchemaValidation(() =>
      online
        ? Promise.resolve(ZLoginRequestSchema)
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    validate.preload(); // a failed preload is no unhandled rejection
    expect(await validate(loginCases[0]!)).toEqual({});
    online = true;
    expect(await validate(loginCases[0]!)).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});

describe('schemaValidation', () => {
  /** What Formik does with this validationSchema (validateYupSchema, then yupToFormErrors). */
  async function errorsWith(schema: ZodType, values: object): Promise<FormikErrors<object>> {
    try {
      await validateYupSchema(values, schemaValidation(schema));
      return {};
    } catch (error) {
      expect((error as Error).name).toBe('ValidationError');
      return yupToFormErrors(error);
    }
  }

  it('gives the same errors as toFormikValidationSchema', async () => {
    for (const values of loginCases) {
      expect(await errorsWith(ZLoginRequestSchema, values)).toEqual(
        await formikErrors(ZLoginRequestSchema, values),
      );
    }
    for (const values of registerCases) {
      expect(await errorsWith(ZRegisterRequestSchema, values)).toEqual(
        await formikErrors(ZRegisterRequestSchema, values),
      );
    }
    expect(await errorsWith(ZLoginRequestSchema, loginCases[0]!)).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});
