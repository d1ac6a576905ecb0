// Nothing to compile: the target only declares libFuzzer's driver (include/CFuzzer.h).
#include "CFuzzer.h"
