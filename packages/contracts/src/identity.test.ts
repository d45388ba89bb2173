import { beforeAll, describe, expect, it } from 'vitest';
import { zPassword, zRegistration } from './identity';
import { fieldErrorsOf, installValidationMessages } from './validation';

beforeAll(() => installValidationMessages());

function messages(result: ReturnType<ReturnType<typeof zPassword>['safeParse']>) {
  return result.success ? [] : fieldErrorsOf(result.error).map((error) => error.message);
}

describe('password policy', () => {
  const password = zPassword();

  it('accepts a password with every kind of character', () => {
    expect(password.safeParse('Homeward!Demo1').success).toBe(true);
  });

  it('names each missing rule', () => {
    expect(messages(password.safeParse('homeward!demo1'))).toEqual(['validation.passwordUppercase']);
    expect(messages(password.safeParse('HOMEWARD!DEMO1'))).toEqual(['validation.passwordLowercase']);
    expect(messages(password.safeParse('Homeward!Demo'))).toEqual(['validation.passwordDigit']);
    expect(messages(password.safeParse('HomewardDemo1'))).toEqual(['validation.passwordSpecial']);
  });

  it('reports every broken rule at once, which the registration form lists together', () => {
    expect(messages(password.safeParse('abc'))).toEqual([
      'validation.minLength',
      'validation.passwordUppercase',
      'validation.passwordDigit',
      'validation.passwordSpecial',
    ]);
  });

  it('applies the length bounds from the policy', () => {
    expect(messages(password.safeParse('Ab1!'))).toEqual(['validation.minLength']);
    expect(messages(zPassword({ minLength: 4, maxLength: 6 }).safeParse('Ab1!xyz'))).toEqual([
      'validation.maxLength',
    ]);
  });
});

describe('registration', () => {
  const valid = {
    userName: 'new.user',
    fullName: 'New User',
    email: 'new@example.dk',
    phoneNumber: '4512345678',
    password: 'Homeward!Demo1',
    confirmPassword: 'Homeward!Demo1',
    acceptTerms: true,
  };

  it('accepts a complete registration', () => {
    expect(zRegistration().safeParse(valid).success).toBe(true);
  });

  it('requires the agreement, matching passwords, a valid e-mail and a digits-only phone', () => {
    const result = zRegistration().safeParse({
      ...valid,
      acceptTerms: false,
      confirmPassword: 'Other!Pass123',
      email: 'not-an-email',
      phoneNumber: '+45 12',
    });
    expect(result.success).toBe(false);
    const errors = result.success ? [] : fieldErrorsOf(result.error);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'acceptTerms', message: 'validation.agreementRequired' },
        { field: 'email', message: 'validation.email' },
        { field: 'phoneNumber', message: 'validation.digitsOnly' },
      ]),
    );
  });

  it('reports mismatching passwords on confirmPassword', () => {
    const result = zRegistration().safeParse({ ...valid, confirmPassword: 'Other!Pass123' });
    expect(result.success ? [] : fieldErrorsOf(result.error)).toEqual([
      { field: 'confirmPassword', message: 'validation.passwordsMustMatch' },
    ]);
  });
});
