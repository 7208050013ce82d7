// OpenSSL's libcrypto (Debian's libssl-dev), for Gallery's content hashes:
// SHA-256 through the EVP digest API, which picks the CPU's SHA extensions;
// and HMAC-SHA256, which names unlisted albums' folders from the private key.
#include <openssl/evp.h>
#include <openssl/hmac.h>
