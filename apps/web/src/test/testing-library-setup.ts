import { configure } from '@testing-library/react';

/*
 * How long `findBy…` and `waitFor` keep looking before they give up. Testing Library's default
 * (1 s) is shorter than a busy 2-core CI machine sometimes needs to run a React update with its
 * queries; a ceiling is not a timing assertion, and a passing wait returns as soon as it matches.
 */
configure({ asyncUtilTimeout: 5000 });
