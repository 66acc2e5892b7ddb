import { configure } from '@testing-library/react';

/**
 * `findBy*` and `waitFor` wait up to 5 s: a page rendered with its lazy modules can take over a second when
 * every test file runs in parallel on a small machine, and a test must fail on a broken page, not a busy one.
 */
configure({ asyncUtilTimeout: 5000 });
