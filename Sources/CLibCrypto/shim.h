// OpenSSL's libcrypto (Debian's libssl-dev), for Gallery's content hashes:
// SHA-256 through the EVP digest API, which picks the CPU's SHA extensions.
#include <openssl/evp.h>
