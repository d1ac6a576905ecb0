// libFuzzer's driver, called from each fuzz target's own `main`: SwiftPM links an executable's
// entry point as `main`, so libFuzzer's `main` cannot be the one that runs.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
