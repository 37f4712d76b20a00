// SCHEDCERT_TEST_ASAN is 1 when the test binary is built with AddressSanitizer, by g++
// (__SANITIZE_ADDRESS__) or by clang (__has_feature(address_sanitizer); clang 14 does not define
// the g++ macro). Tests whose bounds ASan's shadow memory changes read it.
#pragma once
#if defined(__SANITIZE_ADDRESS__)
#define SCHEDCERT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCHEDCERT_TEST_ASAN 1
#endif
#endif
#ifndef SCHEDCERT_TEST_ASAN
#define SCHEDCERT_TEST_ASAN 0
#endif
