// SHA-256 of a byte string, as 64 lowercase hex digits (OpenSSL's libcrypto, Debian libssl-dev).
// Ties an exported witness to the exact bytes of the file it was exported from (docs/coq.md).
#pragma once
#include <string>
#include <string_view>

namespace schedcert::schedules::io {

std::string sha256_hex(std::string_view bytes);

}  // namespace schedcert::schedules::io
