import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 419:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

const json = __nccwpck_require__(653);
const strings = __nccwpck_require__(937);
const regex = __nccwpck_require__(868);
const yaml = __nccwpck_require__(4);

module.exports = {
  ...json,
  ...strings,
  ...regex,
  ...yaml,
};


/***/ }),

/***/ 653:
/***/ ((module) => {

function isValidJSON(str) {
  if (typeof str !== "string") {
    return;
  }
  try {
    JSON.parse(str);
    return true;
  } catch (err) {
    if (err instanceof SyntaxError) {
      return false;
    }
    throw err;
  }
}

module.exports = {
  "json.is_valid": isValidJSON,
};


/***/ }),

/***/ 868:
/***/ ((module) => {

const regexSplit = (pattern, s) => s.split(RegExp(pattern));

module.exports = { "regex.split": regexSplit };


/***/ }),

/***/ 937:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

const vsprintf = (__nccwpck_require__(973)/* .vsprintf */ .V);

const sprintf = (s, values) => vsprintf(s, values);

module.exports = { sprintf };


/***/ }),

/***/ 4:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

const yaml = __nccwpck_require__(267);

// see: https://eemeli.org/yaml/v1/#errors
const errors = new Set([
  "YAMLReferenceError",
  "YAMLSemanticError",
  "YAMLSyntaxError",
  "YAMLWarning",
]);

function parse(str) {
  if (typeof str !== "string") {
    return { ok: false, result: undefined };
  }

  const YAML_SILENCE_WARNINGS_CACHED = global.YAML_SILENCE_WARNINGS;
  try {
    // see: https://eemeli.org/yaml/v1/#silencing-warnings
    global.YAML_SILENCE_WARNINGS = true;
    return { ok: true, result: yaml.parse(str) };
  } catch (err) {
    // Ignore parser errors.
    if (err && errors.has(err.name)) {
      return { ok: false, result: undefined };
    }
    throw err;
  } finally {
    global.YAML_SILENCE_WARNINGS = YAML_SILENCE_WARNINGS_CACHED;
  }
}

module.exports = {
  // is_valid is expected to return nothing if input is invalid otherwise
  // true/false for it being valid YAML.
  "yaml.is_valid": (str) => typeof str === "string" ? parse(str).ok : undefined,
  "yaml.marshal": (data) => yaml.stringify(data),
  "yaml.unmarshal": (str) => parse(str).result,
};


/***/ }),

/***/ 712:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

// Copyright 2018 The OPA Authors.  All rights reserved.
// Use of this source code is governed by an Apache2
// license that can be found in the LICENSE file.
const builtIns = __nccwpck_require__(419);

/**
 * @param {WebAssembly.Memory} mem
 */
function stringDecoder(mem) {
  return function (addr) {
    const i8 = new Int8Array(mem.buffer);
    let s = "";
    while (i8[addr] !== 0) {
      s += String.fromCharCode(i8[addr++]);
    }
    return s;
  };
}

/**
 * Stringifies and loads an object into OPA's Memory
 * @param {WebAssembly.Instance} wasmInstance
 * @param {WebAssembly.Memory} memory
 * @param {any | ArrayBuffer} value data as `object`, literal primitive or ArrayBuffer (last is assumed to be a well-formed stringified JSON)
 * @returns {number}
 */
function _loadJSON(wasmInstance, memory, value) {
  if (value === undefined) {
    return 0;
  }

  let valueBuf;
  if (value instanceof ArrayBuffer) {
    valueBuf = new Uint8Array(value);
  } else {
    const valueAsText = JSON.stringify(value);
    valueBuf = new TextEncoder().encode(valueAsText);
  }

  const valueBufLen = valueBuf.byteLength;
  const rawAddr = wasmInstance.exports.opa_malloc(valueBufLen);
  const memoryBuffer = new Uint8Array(memory.buffer);
  memoryBuffer.set(valueBuf, rawAddr);

  const parsedAddr = wasmInstance.exports.opa_json_parse(rawAddr, valueBufLen);

  if (parsedAddr === 0) {
    throw "failed to parse json value";
  }
  return parsedAddr;
}

/**
 * Dumps and parses a JSON object from OPA's Memory
 * @param {WebAssembly.Instance} wasmInstance
 * @param {WebAssembly.Memory} memory
 * @param {number} addr
 * @returns {object}
 */
function _dumpJSON(wasmInstance, memory, addr) {
  const rawAddr = wasmInstance.exports.opa_json_dump(addr);
  return _dumpJSONRaw(memory, rawAddr);
}

/**
 * Parses a JSON object from wasm instance's memory
 * @param {WebAssembly.Memory} memory
 * @param {number} addr
 * @returns {object}
 */
function _dumpJSONRaw(memory, addr) {
  const buf = new Uint8Array(memory.buffer);

  let idx = addr;

  while (buf[idx] !== 0) {
    idx++;
  }

  const utf8View = new Uint8Array(memory.buffer, addr, idx - addr);
  const jsonAsText = new TextDecoder().decode(utf8View);

  return JSON.parse(jsonAsText);
}

const builtinFuncs = builtIns;

/**
 * _builtinCall dispatches the built-in function. The built-in function
 * arguments are loaded from Wasm and back in using JSON serialization.
 * @param {WebAssembly.Instance} wasmInstance
 * @param {WebAssembly.Memory} memory
 * @param {{ [builtinId: number]: string }} builtins
 * @param {{ [builtinName: string]: Function }} customBuiltins
 * @param {string} builtin_id
 */
function _builtinCall(
  wasmInstance,
  memory,
  builtins,
  customBuiltins,
  builtinId,
) {
  const builtInName = builtins[builtinId];
  const impl = builtinFuncs[builtInName] || customBuiltins[builtInName];

  if (impl === undefined) {
    throw {
      message: "not implemented: built-in function " +
        builtinId +
        ": " +
        builtins[builtinId],
    };
  }

  const argArray = Array.prototype.slice.apply(arguments);
  const args = [];

  for (let i = 5; i < argArray.length; i++) {
    const jsArg = _dumpJSON(wasmInstance, memory, argArray[i]);
    args.push(jsArg);
  }

  const result = impl(...args);

  return _loadJSON(wasmInstance, memory, result);
}

/**
 * _importObject builds the WebAssembly.Imports
 * @param {Object} env
 * @param {WebAssembly.Memory} memory
 * @param {{ [builtinName: string]: Function }} customBuiltins
 * @returns {WebAssembly.Imports}
 */
function _importObject(env, memory, customBuiltins) {
  const addr2string = stringDecoder(memory);

  return {
    env: {
      memory,
      opa_abort: function (addr) {
        throw addr2string(addr);
      },
      opa_println: function (addr) {
        console.log(addr2string(addr));
      },
      opa_builtin0: function (builtinId, _ctx) {
        return _builtinCall(
          env.instance,
          memory,
          env.builtins,
          customBuiltins,
          builtinId,
        );
      },
      opa_builtin1: function (builtinId, _ctx, arg1) {
        return _builtinCall(
          env.instance,
          memory,
          env.builtins,
          customBuiltins,
          builtinId,
          arg1,
        );
      },
      opa_builtin2: function (builtinId, _ctx, arg1, arg2) {
        return _builtinCall(
          env.instance,
          memory,
          env.builtins,
          customBuiltins,
          builtinId,
          arg1,
          arg2,
        );
      },
      opa_builtin3: function (builtinId, _ctx, arg1, arg2, arg3) {
        return _builtinCall(
          env.instance,
          memory,
          env.builtins,
          customBuiltins,
          builtinId,
          arg1,
          arg2,
          arg3,
        );
      },
      opa_builtin4: function (builtinId, _ctx, arg1, arg2, arg3, arg4) {
        return _builtinCall(
          env.instance,
          memory,
          env.builtins,
          customBuiltins,
          builtinId,
          arg1,
          arg2,
          arg3,
          arg4,
        );
      },
    },
  };
}

/**
 * _preparePolicy checks the ABI version and loads the built-in functions
 * @param {Object} env
 * @param {WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance} wasm
 * @param {WebAssembly.Memory} memory
 * @returns { policy: WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance, minorVersion: number }}
 */
function _preparePolicy(env, wasm, memory) {
  env.instance = wasm.instance ? wasm.instance : wasm;

  // Note: On Node 10.x this value is a number on Node 12.x and up it is
  // an object with numberic `value` property.
  const abiVersionGlobal = env.instance.exports.opa_wasm_abi_version;
  if (abiVersionGlobal !== undefined) {
    const abiVersion = typeof abiVersionGlobal === "number"
      ? abiVersionGlobal
      : abiVersionGlobal.value;
    if (abiVersion !== 1) {
      throw `unsupported ABI version ${abiVersion}`;
    }
  } else {
    console.error("opa_wasm_abi_version undefined"); // logs to stderr
  }

  const abiMinorVersionGlobal = env.instance.exports.opa_wasm_abi_minor_version;
  let abiMinorVersion;
  if (abiMinorVersionGlobal !== undefined) {
    abiMinorVersion = typeof abiMinorVersionGlobal === "number"
      ? abiMinorVersionGlobal
      : abiMinorVersionGlobal.value;
  } else {
    console.error("opa_wasm_abi_minor_version undefined");
  }

  const builtins = _dumpJSON(
    env.instance,
    memory,
    env.instance.exports.builtins(),
  );

  /** @type {typeof builtIns} */
  env.builtins = {};

  for (const key of Object.keys(builtins)) {
    env.builtins[builtins[key]] = key;
  }

  return { policy: wasm, minorVersion: abiMinorVersion };
}

/**
 * _loadPolicy can take in either an ArrayBuffer or WebAssembly.Module
 * as its first argument, a WebAssembly.Memory for the second parameter,
 * and an object mapping string names to additional builtin functions for
 * the third parameter.
 * It will return a Promise, depending on the input type the promise
 * resolves to both a compiled WebAssembly.Module and its first WebAssembly.Instance
 * or to the WebAssemblyInstance.
 * @param {BufferSource | WebAssembly.Module | Response | Promise<Response>} policyWasm
 * @param {WebAssembly.Memory} memory
 * @param {{ [builtinName: string]: Function }} customBuiltins
 * @returns {Promise<{ policy: WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance, minorVersion: number }>}
 */
async function _loadPolicy(policyWasm, memory, customBuiltins) {
  const env = {};

  const isStreaming = policyWasm instanceof Response ||
    policyWasm instanceof Promise;

  const importObject = _importObject(env, memory, customBuiltins);

  const wasm =
    await (isStreaming
      ? WebAssembly.instantiateStreaming(policyWasm, importObject)
      : WebAssembly.instantiate(policyWasm, importObject));

  return _preparePolicy(env, wasm, memory);
}

/**
 * _loadPolicySync can take in either an ArrayBuffer or WebAssembly.Module
 * as its first argument, a WebAssembly.Memory for the second parameter,
 * and an object mapping string names to additional builtin functions for
 * the third parameter.
 * It will return a compiled WebAssembly.Module and its first WebAssembly.Instance.
 * @param {BufferSource | WebAssembly.Module} policyWasm
 * @param {WebAssembly.Memory} memory
 * @param {{ [builtinName: string]: Function }} customBuiltins
 * @returns {Promise<{ policy: WebAssembly.Instance, minorVersion: number }>}
 */
function _loadPolicySync(policyWasm, memory, customBuiltins) {
  const env = {};

  if (
    policyWasm instanceof ArrayBuffer ||
    policyWasm.buffer instanceof ArrayBuffer
  ) {
    policyWasm = new WebAssembly.Module(policyWasm);
  }

  const wasm = new WebAssembly.Instance(
    policyWasm,
    _importObject(env, memory, customBuiltins),
  );

  return _preparePolicy(env, wasm, memory);
}

/**
 * LoadedPolicy is a wrapper around a WebAssembly.Instance and WebAssembly.Memory
 * for a compiled Rego policy. There are helpers to run the wasm instance and
 * handle the output from the policy wasm.
 */
class LoadedPolicy {
  /**
   * Loads and initializes a compiled Rego policy.
   * @param {WebAssembly.WebAssemblyInstantiatedSource} policy
   * @param {WebAssembly.Memory} memory
   */
  constructor(policy, memory, minorVersion) {
    this.minorVersion = minorVersion;
    this.mem = memory;

    // Depending on how the wasm was instantiated "policy" might be a
    // WebAssembly Instance or be a wrapper around the Module and
    // Instance. We only care about the Instance.
    this.wasmInstance = policy.instance ? policy.instance : policy;

    this.dataAddr = _loadJSON(this.wasmInstance, this.mem, {});
    this.baseHeapPtr = this.wasmInstance.exports.opa_heap_ptr_get();
    this.dataHeapPtr = this.baseHeapPtr;
    this.entrypoints = _dumpJSON(
      this.wasmInstance,
      this.mem,
      this.wasmInstance.exports.entrypoints(),
    );
  }

  /**
   * Evaluates the loaded policy with the given input and
   * return the result set. This should be re-used for multiple evaluations
   * of the same policy with different inputs.
   *
   * To call a non-default entrypoint in your WASM specify it as the second
   * param. A list of entrypoints can be accessed with the `this.entrypoints`
   * property.
   * @param {any | ArrayBuffer} input input to be evaluated in form of `object`, literal primitive or ArrayBuffer (last is assumed to be a well-formed stringified JSON)
   * @param {number | string} entrypoint ID or name of the entrypoint to call (optional)
   */
  evaluate(input, entrypoint = 0) {
    // determine entrypoint ID
    if (typeof entrypoint === "number") {
      // used as-is
    } else if (typeof entrypoint === "string") {
      if (Object.prototype.hasOwnProperty.call(this.entrypoints, entrypoint)) {
        entrypoint = this.entrypoints[entrypoint];
      } else {
        throw `entrypoint ${entrypoint} is not valid in this instance`;
      }
    } else {
      throw `entrypoint value is an invalid type, must be either string or number`;
    }

    // ABI 1.2 fastpath
    if (this.minorVersion >= 2) {
      // write input into memory, adjust heap pointer
      let inputBuf = null;
      let inputLen = 0;
      let inputAddr = 0;
      if (input) {
        if (input instanceof ArrayBuffer) {
          inputBuf = new Uint8Array(input);
        } else {
          const inputAsText = JSON.stringify(input);
          inputBuf = new TextEncoder().encode(inputAsText);
        }

        inputAddr = this.dataHeapPtr;
        inputLen = inputBuf.byteLength;
        const delta = inputAddr + inputLen - this.mem.buffer.byteLength;
        if (delta > 0) {
          const pages = roundup(delta);
          this.mem.grow(pages);
        }
        const buf = new Uint8Array(this.mem.buffer);
        buf.set(inputBuf, this.dataHeapPtr);
      }

      // opa_eval will update the Instance heap pointer to the value below
      const heapPtr = this.dataHeapPtr + inputLen;

      const ret = this.wasmInstance.exports.opa_eval(
        0,
        entrypoint,
        this.dataAddr,
        inputAddr,
        inputLen,
        heapPtr,
        0,
      );
      return _dumpJSONRaw(this.mem, ret);
    }

    // Reset the heap pointer before each evaluation
    this.wasmInstance.exports.opa_heap_ptr_set(this.dataHeapPtr);

    // Load the input data
    const inputAddr = _loadJSON(this.wasmInstance, this.mem, input);

    // Setup the evaluation context
    const ctxAddr = this.wasmInstance.exports.opa_eval_ctx_new();
    this.wasmInstance.exports.opa_eval_ctx_set_input(ctxAddr, inputAddr);
    this.wasmInstance.exports.opa_eval_ctx_set_data(ctxAddr, this.dataAddr);
    this.wasmInstance.exports.opa_eval_ctx_set_entrypoint(ctxAddr, entrypoint);

    // Actually evaluate the policy
    this.wasmInstance.exports.eval(ctxAddr);

    // Retrieve the result
    const resultAddr = this.wasmInstance.exports.opa_eval_ctx_get_result(
      ctxAddr,
    );
    return _dumpJSON(this.wasmInstance, this.mem, resultAddr);
  }

  /**
   * evalBool will evaluate the policy and return a boolean answer
   * depending on the return code from the policy evaluation.
   * @deprecated Use `evaluate` instead.
   * @param {object} input
   */
  evalBool(input) {
    const rs = this.evaluate(input);
    return rs && rs.length === 1 && rs[0] === true;
  }

  /**
   * Loads data for use in subsequent evaluations.
   * @param {object | ArrayBuffer} data  data in form of `object` or ArrayBuffer (last is assumed to be a well-formed stringified JSON)
   */
  setData(data) {
    this.wasmInstance.exports.opa_heap_ptr_set(this.baseHeapPtr);
    this.dataAddr = _loadJSON(this.wasmInstance, this.mem, data);
    this.dataHeapPtr = this.wasmInstance.exports.opa_heap_ptr_get();
  }
}

function roundup(bytes) {
  const pageSize = 64 * 1024;
  return Math.ceil(bytes / pageSize);
}

module.exports = {
  /**
   * Takes in either an ArrayBuffer or WebAssembly.Module
   * and will return a Promise of a LoadedPolicy object which
   * can be used to evaluate the policy.
   *
   * To set custom memory size specify number of memory pages
   * as second param.
   * Defaults to 5 pages (320KB).
   * @param {BufferSource | WebAssembly.Module | Response | Promise<Response>} regoWasm
   * @param {number | WebAssembly.MemoryDescriptor} memoryDescriptor For backwards-compatibility, a 'number' argument is taken to be the initial memory size.
   * @param {{ [builtinName: string]: Function }} customBuiltins A map from string names to builtin functions
   * @returns {Promise<LoadedPolicy>}
   */
  async loadPolicy(regoWasm, memoryDescriptor = {}, customBuiltins = {}) {
    // back-compat, second arg used to be a number: 'memorySize', with default of 5
    if (typeof memoryDescriptor === "number") {
      memoryDescriptor = { initial: memoryDescriptor };
    }
    memoryDescriptor.initial = memoryDescriptor.initial || 5;

    const memory = new WebAssembly.Memory(memoryDescriptor);
    const { policy, minorVersion } = await _loadPolicy(
      regoWasm,
      memory,
      customBuiltins,
    );
    return new LoadedPolicy(policy, memory, minorVersion);
  },

  /**
   * Takes in either an ArrayBuffer or WebAssembly.Module
   * and will return a LoadedPolicy object which can be
   * used to evaluate the policy.
   *
   * This cannot be used from the main thread in a browser.
   * You must use the `loadPolicy` function instead, or call
   * from a worker thread.
   *
   * To set custom memory size specify number of memory pages
   * as second param.
   * Defaults to 5 pages (320KB).
   * @param {BufferSource | WebAssembly.Module} regoWasm
   * @param {number | WebAssembly.MemoryDescriptor} memoryDescriptor For backwards-compatibility, a 'number' argument is taken to be the initial memory size.
   * @param {{ [builtinName: string]: Function }} customBuiltins A map from string names to builtin functions
   * @returns {LoadedPolicy}
   */
  loadPolicySync(regoWasm, memoryDescriptor = {}, customBuiltins = {}) {
    // back-compat, second arg used to be a number: 'memorySize', with default of 5
    if (typeof memoryDescriptor === "number") {
      memoryDescriptor = { initial: memoryDescriptor };
    }
    memoryDescriptor.initial = memoryDescriptor.initial || 5;

    const memory = new WebAssembly.Memory(memoryDescriptor);
    const { policy, minorVersion } = _loadPolicySync(
      regoWasm,
      memory,
      customBuiltins,
    );
    return new LoadedPolicy(policy, memory, minorVersion);
  },
  LoadedPolicy,
};


/***/ }),

/***/ 973:
/***/ ((__unused_webpack_module, exports) => {

var __webpack_unused_export__;
/* global window, exports, define */

!function() {
    'use strict'

    var re = {
        not_string: /[^s]/,
        not_bool: /[^t]/,
        not_type: /[^T]/,
        not_primitive: /[^v]/,
        number: /[diefg]/,
        numeric_arg: /[bcdiefguxX]/,
        json: /[j]/,
        not_json: /[^j]/,
        text: /^[^\x25]+/,
        modulo: /^\x25{2}/,
        placeholder: /^\x25(?:([1-9]\d*)\$|\(([^)]+)\))?(\+)?(0|'[^$])?(-)?(\d+)?(?:\.(\d+))?([b-gijostTuvxX])/,
        key: /^([a-z_][a-z_\d]*)/i,
        key_access: /^\.([a-z_][a-z_\d]*)/i,
        index_access: /^\[(\d+)\]/,
        sign: /^[+-]/
    }

    function sprintf(key) {
        // `arguments` is not an array, but should be fine for this call
        return sprintf_format(sprintf_parse(key), arguments)
    }

    function vsprintf(fmt, argv) {
        return sprintf.apply(null, [fmt].concat(argv || []))
    }

    function sprintf_format(parse_tree, argv) {
        var cursor = 1, tree_length = parse_tree.length, arg, output = '', i, k, ph, pad, pad_character, pad_length, is_positive, sign
        for (i = 0; i < tree_length; i++) {
            if (typeof parse_tree[i] === 'string') {
                output += parse_tree[i]
            }
            else if (typeof parse_tree[i] === 'object') {
                ph = parse_tree[i] // convenience purposes only
                if (ph.keys) { // keyword argument
                    arg = argv[cursor]
                    for (k = 0; k < ph.keys.length; k++) {
                        if (arg == undefined) {
                            throw new Error(sprintf('[sprintf] Cannot access property "%s" of undefined value "%s"', ph.keys[k], ph.keys[k-1]))
                        }
                        arg = arg[ph.keys[k]]
                    }
                }
                else if (ph.param_no) { // positional argument (explicit)
                    arg = argv[ph.param_no]
                }
                else { // positional argument (implicit)
                    arg = argv[cursor++]
                }

                if (re.not_type.test(ph.type) && re.not_primitive.test(ph.type) && arg instanceof Function) {
                    arg = arg()
                }

                if (re.numeric_arg.test(ph.type) && (typeof arg !== 'number' && isNaN(arg))) {
                    throw new TypeError(sprintf('[sprintf] expecting number but found %T', arg))
                }

                if (re.number.test(ph.type)) {
                    is_positive = arg >= 0
                }

                switch (ph.type) {
                    case 'b':
                        arg = parseInt(arg, 10).toString(2)
                        break
                    case 'c':
                        arg = String.fromCharCode(parseInt(arg, 10))
                        break
                    case 'd':
                    case 'i':
                        arg = parseInt(arg, 10)
                        break
                    case 'j':
                        arg = JSON.stringify(arg, null, ph.width ? parseInt(ph.width) : 0)
                        break
                    case 'e':
                        arg = ph.precision ? parseFloat(arg).toExponential(ph.precision) : parseFloat(arg).toExponential()
                        break
                    case 'f':
                        arg = ph.precision ? parseFloat(arg).toFixed(ph.precision) : parseFloat(arg)
                        break
                    case 'g':
                        arg = ph.precision ? String(Number(arg.toPrecision(ph.precision))) : parseFloat(arg)
                        break
                    case 'o':
                        arg = (parseInt(arg, 10) >>> 0).toString(8)
                        break
                    case 's':
                        arg = String(arg)
                        arg = (ph.precision ? arg.substring(0, ph.precision) : arg)
                        break
                    case 't':
                        arg = String(!!arg)
                        arg = (ph.precision ? arg.substring(0, ph.precision) : arg)
                        break
                    case 'T':
                        arg = Object.prototype.toString.call(arg).slice(8, -1).toLowerCase()
                        arg = (ph.precision ? arg.substring(0, ph.precision) : arg)
                        break
                    case 'u':
                        arg = parseInt(arg, 10) >>> 0
                        break
                    case 'v':
                        arg = arg.valueOf()
                        arg = (ph.precision ? arg.substring(0, ph.precision) : arg)
                        break
                    case 'x':
                        arg = (parseInt(arg, 10) >>> 0).toString(16)
                        break
                    case 'X':
                        arg = (parseInt(arg, 10) >>> 0).toString(16).toUpperCase()
                        break
                }
                if (re.json.test(ph.type)) {
                    output += arg
                }
                else {
                    if (re.number.test(ph.type) && (!is_positive || ph.sign)) {
                        sign = is_positive ? '+' : '-'
                        arg = arg.toString().replace(re.sign, '')
                    }
                    else {
                        sign = ''
                    }
                    pad_character = ph.pad_char ? ph.pad_char === '0' ? '0' : ph.pad_char.charAt(1) : ' '
                    pad_length = ph.width - (sign + arg).length
                    pad = ph.width ? (pad_length > 0 ? pad_character.repeat(pad_length) : '') : ''
                    output += ph.align ? sign + arg + pad : (pad_character === '0' ? sign + pad + arg : pad + sign + arg)
                }
            }
        }
        return output
    }

    var sprintf_cache = Object.create(null)

    function sprintf_parse(fmt) {
        if (sprintf_cache[fmt]) {
            return sprintf_cache[fmt]
        }

        var _fmt = fmt, match, parse_tree = [], arg_names = 0
        while (_fmt) {
            if ((match = re.text.exec(_fmt)) !== null) {
                parse_tree.push(match[0])
            }
            else if ((match = re.modulo.exec(_fmt)) !== null) {
                parse_tree.push('%')
            }
            else if ((match = re.placeholder.exec(_fmt)) !== null) {
                if (match[2]) {
                    arg_names |= 1
                    var field_list = [], replacement_field = match[2], field_match = []
                    if ((field_match = re.key.exec(replacement_field)) !== null) {
                        field_list.push(field_match[1])
                        while ((replacement_field = replacement_field.substring(field_match[0].length)) !== '') {
                            if ((field_match = re.key_access.exec(replacement_field)) !== null) {
                                field_list.push(field_match[1])
                            }
                            else if ((field_match = re.index_access.exec(replacement_field)) !== null) {
                                field_list.push(field_match[1])
                            }
                            else {
                                throw new SyntaxError('[sprintf] failed to parse named argument key')
                            }
                        }
                    }
                    else {
                        throw new SyntaxError('[sprintf] failed to parse named argument key')
                    }
                    match[2] = field_list
                }
                else {
                    arg_names |= 2
                }
                if (arg_names === 3) {
                    throw new Error('[sprintf] mixing positional and named placeholders is not (yet) supported')
                }

                parse_tree.push(
                    {
                        placeholder: match[0],
                        param_no:    match[1],
                        keys:        match[2],
                        sign:        match[3],
                        pad_char:    match[4],
                        align:       match[5],
                        width:       match[6],
                        precision:   match[7],
                        type:        match[8]
                    }
                )
            }
            else {
                throw new SyntaxError('[sprintf] unexpected placeholder')
            }
            _fmt = _fmt.substring(match[0].length)
        }
        return sprintf_cache[fmt] = parse_tree
    }

    /**
     * export to either browser or node.js
     */
    /* eslint-disable quote-props */
    if (true) {
        __webpack_unused_export__ = sprintf
        exports.V = vsprintf
    }
    if (typeof window !== 'undefined') {
        window['sprintf'] = sprintf
        window['vsprintf'] = vsprintf

        if (typeof define === 'function' && define['amd']) {
            define(function() {
                return {
                    'sprintf': sprintf,
                    'vsprintf': vsprintf
                }
            })
        }
    }
    /* eslint-enable quote-props */
}(); // eslint-disable-line


/***/ }),

/***/ 919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 816:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var PlainValue = __nccwpck_require__(418);
var resolveSeq = __nccwpck_require__(724);
var Schema = __nccwpck_require__(112);

const defaultOptions = {
  anchorPrefix: 'a',
  customTags: null,
  indent: 2,
  indentSeq: true,
  keepCstNodes: false,
  keepNodeTypes: true,
  keepBlobsInJSON: true,
  mapAsMap: false,
  maxAliasCount: 100,
  prettyErrors: false,
  // TODO Set true in v2
  simpleKeys: false,
  version: '1.2'
};
const scalarOptions = {
  get binary() {
    return resolveSeq.binaryOptions;
  },
  set binary(opt) {
    Object.assign(resolveSeq.binaryOptions, opt);
  },
  get bool() {
    return resolveSeq.boolOptions;
  },
  set bool(opt) {
    Object.assign(resolveSeq.boolOptions, opt);
  },
  get int() {
    return resolveSeq.intOptions;
  },
  set int(opt) {
    Object.assign(resolveSeq.intOptions, opt);
  },
  get null() {
    return resolveSeq.nullOptions;
  },
  set null(opt) {
    Object.assign(resolveSeq.nullOptions, opt);
  },
  get str() {
    return resolveSeq.strOptions;
  },
  set str(opt) {
    Object.assign(resolveSeq.strOptions, opt);
  }
};
const documentOptions = {
  '1.0': {
    schema: 'yaml-1.1',
    merge: true,
    tagPrefixes: [{
      handle: '!',
      prefix: PlainValue.defaultTagPrefix
    }, {
      handle: '!!',
      prefix: 'tag:private.yaml.org,2002:'
    }]
  },
  1.1: {
    schema: 'yaml-1.1',
    merge: true,
    tagPrefixes: [{
      handle: '!',
      prefix: '!'
    }, {
      handle: '!!',
      prefix: PlainValue.defaultTagPrefix
    }]
  },
  1.2: {
    schema: 'core',
    merge: false,
    tagPrefixes: [{
      handle: '!',
      prefix: '!'
    }, {
      handle: '!!',
      prefix: PlainValue.defaultTagPrefix
    }]
  }
};

function stringifyTag(doc, tag) {
  if ((doc.version || doc.options.version) === '1.0') {
    const priv = tag.match(/^tag:private\.yaml\.org,2002:([^:/]+)$/);
    if (priv) return '!' + priv[1];
    const vocab = tag.match(/^tag:([a-zA-Z0-9-]+)\.yaml\.org,2002:(.*)/);
    return vocab ? `!${vocab[1]}/${vocab[2]}` : `!${tag.replace(/^tag:/, '')}`;
  }
  let p = doc.tagPrefixes.find(p => tag.indexOf(p.prefix) === 0);
  if (!p) {
    const dtp = doc.getDefaults().tagPrefixes;
    p = dtp && dtp.find(p => tag.indexOf(p.prefix) === 0);
  }
  if (!p) return tag[0] === '!' ? tag : `!<${tag}>`;
  const suffix = tag.substr(p.prefix.length).replace(/[!,[\]{}]/g, ch => ({
    '!': '%21',
    ',': '%2C',
    '[': '%5B',
    ']': '%5D',
    '{': '%7B',
    '}': '%7D'
  })[ch]);
  return p.handle + suffix;
}

function getTagObject(tags, item) {
  if (item instanceof resolveSeq.Alias) return resolveSeq.Alias;
  if (item.tag) {
    const match = tags.filter(t => t.tag === item.tag);
    if (match.length > 0) return match.find(t => t.format === item.format) || match[0];
  }
  let tagObj, obj;
  if (item instanceof resolveSeq.Scalar) {
    obj = item.value;
    // TODO: deprecate/remove class check
    const match = tags.filter(t => t.identify && t.identify(obj) || t.class && obj instanceof t.class);
    tagObj = match.find(t => t.format === item.format) || match.find(t => !t.format);
  } else {
    obj = item;
    tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
  }
  if (!tagObj) {
    const name = obj && obj.constructor ? obj.constructor.name : typeof obj;
    throw new Error(`Tag not resolved for ${name} value`);
  }
  return tagObj;
}

// needs to be called before value stringifier to allow for circular anchor refs
function stringifyProps(node, tagObj, {
  anchors,
  doc
}) {
  const props = [];
  const anchor = doc.anchors.getName(node);
  if (anchor) {
    anchors[anchor] = node;
    props.push(`&${anchor}`);
  }
  if (node.tag) {
    props.push(stringifyTag(doc, node.tag));
  } else if (!tagObj.default) {
    props.push(stringifyTag(doc, tagObj.tag));
  }
  return props.join(' ');
}
function stringify(item, ctx, onComment, onChompKeep) {
  const {
    anchors,
    schema
  } = ctx.doc;
  let tagObj;
  if (!(item instanceof resolveSeq.Node)) {
    const createCtx = {
      aliasNodes: [],
      onTagObj: o => tagObj = o,
      prevObjects: new Map()
    };
    item = schema.createNode(item, true, null, createCtx);
    for (const alias of createCtx.aliasNodes) {
      alias.source = alias.source.node;
      let name = anchors.getName(alias.source);
      if (!name) {
        name = anchors.newName();
        anchors.map[name] = alias.source;
      }
    }
  }
  if (item instanceof resolveSeq.Pair) return item.toString(ctx, onComment, onChompKeep);
  if (!tagObj) tagObj = getTagObject(schema.tags, item);
  const props = stringifyProps(item, tagObj, ctx);
  if (props.length > 0) ctx.indentAtStart = (ctx.indentAtStart || 0) + props.length + 1;
  const str = typeof tagObj.stringify === 'function' ? tagObj.stringify(item, ctx, onComment, onChompKeep) : item instanceof resolveSeq.Scalar ? resolveSeq.stringifyString(item, ctx, onComment, onChompKeep) : item.toString(ctx, onComment, onChompKeep);
  if (!props) return str;
  return item instanceof resolveSeq.Scalar || str[0] === '{' || str[0] === '[' ? `${props} ${str}` : `${props}\n${ctx.indent}${str}`;
}

class Anchors {
  static validAnchorNode(node) {
    return node instanceof resolveSeq.Scalar || node instanceof resolveSeq.YAMLSeq || node instanceof resolveSeq.YAMLMap;
  }
  constructor(prefix) {
    PlainValue._defineProperty(this, "map", Object.create(null));
    this.prefix = prefix;
  }
  createAlias(node, name) {
    this.setAnchor(node, name);
    return new resolveSeq.Alias(node);
  }
  createMergePair(...sources) {
    const merge = new resolveSeq.Merge();
    merge.value.items = sources.map(s => {
      if (s instanceof resolveSeq.Alias) {
        if (s.source instanceof resolveSeq.YAMLMap) return s;
      } else if (s instanceof resolveSeq.YAMLMap) {
        return this.createAlias(s);
      }
      throw new Error('Merge sources must be Map nodes or their Aliases');
    });
    return merge;
  }
  getName(node) {
    const {
      map
    } = this;
    return Object.keys(map).find(a => map[a] === node);
  }
  getNames() {
    return Object.keys(this.map);
  }
  getNode(name) {
    return this.map[name];
  }
  newName(prefix) {
    if (!prefix) prefix = this.prefix;
    const names = Object.keys(this.map);
    for (let i = 1; true; ++i) {
      const name = `${prefix}${i}`;
      if (!names.includes(name)) return name;
    }
  }

  // During parsing, map & aliases contain CST nodes
  resolveNodes() {
    const {
      map,
      _cstAliases
    } = this;
    Object.keys(map).forEach(a => {
      map[a] = map[a].resolved;
    });
    _cstAliases.forEach(a => {
      a.source = a.source.resolved;
    });
    delete this._cstAliases;
  }
  setAnchor(node, name) {
    if (node != null && !Anchors.validAnchorNode(node)) {
      throw new Error('Anchors may only be set for Scalar, Seq and Map nodes');
    }
    if (name && /[\x00-\x19\s,[\]{}]/.test(name)) {
      throw new Error('Anchor names must not contain whitespace or control characters');
    }
    const {
      map
    } = this;
    const prev = node && Object.keys(map).find(a => map[a] === node);
    if (prev) {
      if (!name) {
        return prev;
      } else if (prev !== name) {
        delete map[prev];
        map[name] = node;
      }
    } else {
      if (!name) {
        if (!node) return null;
        name = this.newName();
      }
      map[name] = node;
    }
    return name;
  }
}

const visit = (node, tags) => {
  if (node && typeof node === 'object') {
    const {
      tag
    } = node;
    if (node instanceof resolveSeq.Collection) {
      if (tag) tags[tag] = true;
      node.items.forEach(n => visit(n, tags));
    } else if (node instanceof resolveSeq.Pair) {
      visit(node.key, tags);
      visit(node.value, tags);
    } else if (node instanceof resolveSeq.Scalar) {
      if (tag) tags[tag] = true;
    }
  }
  return tags;
};
const listTagNames = node => Object.keys(visit(node, {}));

function parseContents(doc, contents) {
  const comments = {
    before: [],
    after: []
  };
  let body = undefined;
  let spaceBefore = false;
  for (const node of contents) {
    if (node.valueRange) {
      if (body !== undefined) {
        const msg = 'Document contains trailing content not separated by a ... or --- line';
        doc.errors.push(new PlainValue.YAMLSyntaxError(node, msg));
        break;
      }
      const res = resolveSeq.resolveNode(doc, node);
      if (spaceBefore) {
        res.spaceBefore = true;
        spaceBefore = false;
      }
      body = res;
    } else if (node.comment !== null) {
      const cc = body === undefined ? comments.before : comments.after;
      cc.push(node.comment);
    } else if (node.type === PlainValue.Type.BLANK_LINE) {
      spaceBefore = true;
      if (body === undefined && comments.before.length > 0 && !doc.commentBefore) {
        // space-separated comments at start are parsed as document comments
        doc.commentBefore = comments.before.join('\n');
        comments.before = [];
      }
    }
  }
  doc.contents = body || null;
  if (!body) {
    doc.comment = comments.before.concat(comments.after).join('\n') || null;
  } else {
    const cb = comments.before.join('\n');
    if (cb) {
      const cbNode = body instanceof resolveSeq.Collection && body.items[0] ? body.items[0] : body;
      cbNode.commentBefore = cbNode.commentBefore ? `${cb}\n${cbNode.commentBefore}` : cb;
    }
    doc.comment = comments.after.join('\n') || null;
  }
}

function resolveTagDirective({
  tagPrefixes
}, directive) {
  const [handle, prefix] = directive.parameters;
  if (!handle || !prefix) {
    const msg = 'Insufficient parameters given for %TAG directive';
    throw new PlainValue.YAMLSemanticError(directive, msg);
  }
  if (tagPrefixes.some(p => p.handle === handle)) {
    const msg = 'The %TAG directive must only be given at most once per handle in the same document.';
    throw new PlainValue.YAMLSemanticError(directive, msg);
  }
  return {
    handle,
    prefix
  };
}
function resolveYamlDirective(doc, directive) {
  let [version] = directive.parameters;
  if (directive.name === 'YAML:1.0') version = '1.0';
  if (!version) {
    const msg = 'Insufficient parameters given for %YAML directive';
    throw new PlainValue.YAMLSemanticError(directive, msg);
  }
  if (!documentOptions[version]) {
    const v0 = doc.version || doc.options.version;
    const msg = `Document will be parsed as YAML ${v0} rather than YAML ${version}`;
    doc.warnings.push(new PlainValue.YAMLWarning(directive, msg));
  }
  return version;
}
function parseDirectives(doc, directives, prevDoc) {
  const directiveComments = [];
  let hasDirectives = false;
  for (const directive of directives) {
    const {
      comment,
      name
    } = directive;
    switch (name) {
      case 'TAG':
        try {
          doc.tagPrefixes.push(resolveTagDirective(doc, directive));
        } catch (error) {
          doc.errors.push(error);
        }
        hasDirectives = true;
        break;
      case 'YAML':
      case 'YAML:1.0':
        if (doc.version) {
          const msg = 'The %YAML directive must only be given at most once per document.';
          doc.errors.push(new PlainValue.YAMLSemanticError(directive, msg));
        }
        try {
          doc.version = resolveYamlDirective(doc, directive);
        } catch (error) {
          doc.errors.push(error);
        }
        hasDirectives = true;
        break;
      default:
        if (name) {
          const msg = `YAML only supports %TAG and %YAML directives, and not %${name}`;
          doc.warnings.push(new PlainValue.YAMLWarning(directive, msg));
        }
    }
    if (comment) directiveComments.push(comment);
  }
  if (prevDoc && !hasDirectives && '1.1' === (doc.version || prevDoc.version || doc.options.version)) {
    const copyTagPrefix = ({
      handle,
      prefix
    }) => ({
      handle,
      prefix
    });
    doc.tagPrefixes = prevDoc.tagPrefixes.map(copyTagPrefix);
    doc.version = prevDoc.version;
  }
  doc.commentBefore = directiveComments.join('\n') || null;
}

function assertCollection(contents) {
  if (contents instanceof resolveSeq.Collection) return true;
  throw new Error('Expected a YAML collection as document contents');
}
class Document {
  constructor(options) {
    this.anchors = new Anchors(options.anchorPrefix);
    this.commentBefore = null;
    this.comment = null;
    this.contents = null;
    this.directivesEndMarker = null;
    this.errors = [];
    this.options = options;
    this.schema = null;
    this.tagPrefixes = [];
    this.version = null;
    this.warnings = [];
  }
  add(value) {
    assertCollection(this.contents);
    return this.contents.add(value);
  }
  addIn(path, value) {
    assertCollection(this.contents);
    this.contents.addIn(path, value);
  }
  delete(key) {
    assertCollection(this.contents);
    return this.contents.delete(key);
  }
  deleteIn(path) {
    if (resolveSeq.isEmptyPath(path)) {
      if (this.contents == null) return false;
      this.contents = null;
      return true;
    }
    assertCollection(this.contents);
    return this.contents.deleteIn(path);
  }
  getDefaults() {
    return Document.defaults[this.version] || Document.defaults[this.options.version] || {};
  }
  get(key, keepScalar) {
    return this.contents instanceof resolveSeq.Collection ? this.contents.get(key, keepScalar) : undefined;
  }
  getIn(path, keepScalar) {
    if (resolveSeq.isEmptyPath(path)) return !keepScalar && this.contents instanceof resolveSeq.Scalar ? this.contents.value : this.contents;
    return this.contents instanceof resolveSeq.Collection ? this.contents.getIn(path, keepScalar) : undefined;
  }
  has(key) {
    return this.contents instanceof resolveSeq.Collection ? this.contents.has(key) : false;
  }
  hasIn(path) {
    if (resolveSeq.isEmptyPath(path)) return this.contents !== undefined;
    return this.contents instanceof resolveSeq.Collection ? this.contents.hasIn(path) : false;
  }
  set(key, value) {
    assertCollection(this.contents);
    this.contents.set(key, value);
  }
  setIn(path, value) {
    if (resolveSeq.isEmptyPath(path)) this.contents = value;else {
      assertCollection(this.contents);
      this.contents.setIn(path, value);
    }
  }
  setSchema(id, customTags) {
    if (!id && !customTags && this.schema) return;
    if (typeof id === 'number') id = id.toFixed(1);
    if (id === '1.0' || id === '1.1' || id === '1.2') {
      if (this.version) this.version = id;else this.options.version = id;
      delete this.options.schema;
    } else if (id && typeof id === 'string') {
      this.options.schema = id;
    }
    if (Array.isArray(customTags)) this.options.customTags = customTags;
    const opt = Object.assign({}, this.getDefaults(), this.options);
    this.schema = new Schema.Schema(opt);
  }
  parse(node, prevDoc) {
    if (this.options.keepCstNodes) this.cstNode = node;
    if (this.options.keepNodeTypes) this.type = 'DOCUMENT';
    const {
      directives = [],
      contents = [],
      directivesEndMarker,
      error,
      valueRange
    } = node;
    if (error) {
      if (!error.source) error.source = this;
      this.errors.push(error);
    }
    parseDirectives(this, directives, prevDoc);
    if (directivesEndMarker) this.directivesEndMarker = true;
    this.range = valueRange ? [valueRange.start, valueRange.end] : null;
    this.setSchema();
    this.anchors._cstAliases = [];
    parseContents(this, contents);
    this.anchors.resolveNodes();
    if (this.options.prettyErrors) {
      for (const error of this.errors) if (error instanceof PlainValue.YAMLError) error.makePretty();
      for (const warn of this.warnings) if (warn instanceof PlainValue.YAMLError) warn.makePretty();
    }
    return this;
  }
  listNonDefaultTags() {
    return listTagNames(this.contents).filter(t => t.indexOf(Schema.Schema.defaultPrefix) !== 0);
  }
  setTagPrefix(handle, prefix) {
    if (handle[0] !== '!' || handle[handle.length - 1] !== '!') throw new Error('Handle must start and end with !');
    if (prefix) {
      const prev = this.tagPrefixes.find(p => p.handle === handle);
      if (prev) prev.prefix = prefix;else this.tagPrefixes.push({
        handle,
        prefix
      });
    } else {
      this.tagPrefixes = this.tagPrefixes.filter(p => p.handle !== handle);
    }
  }
  toJSON(arg, onAnchor) {
    const {
      keepBlobsInJSON,
      mapAsMap,
      maxAliasCount
    } = this.options;
    const keep = keepBlobsInJSON && (typeof arg !== 'string' || !(this.contents instanceof resolveSeq.Scalar));
    const ctx = {
      doc: this,
      indentStep: '  ',
      keep,
      mapAsMap: keep && !!mapAsMap,
      maxAliasCount,
      stringify // Requiring directly in Pair would create circular dependencies
    };
    const anchorNames = Object.keys(this.anchors.map);
    if (anchorNames.length > 0) ctx.anchors = new Map(anchorNames.map(name => [this.anchors.map[name], {
      alias: [],
      aliasCount: 0,
      count: 1
    }]));
    const res = resolveSeq.toJSON(this.contents, arg, ctx);
    if (typeof onAnchor === 'function' && ctx.anchors) for (const {
      count,
      res
    } of ctx.anchors.values()) onAnchor(res, count);
    return res;
  }
  toString() {
    if (this.errors.length > 0) throw new Error('Document with errors cannot be stringified');
    const indentSize = this.options.indent;
    if (!Number.isInteger(indentSize) || indentSize <= 0) {
      const s = JSON.stringify(indentSize);
      throw new Error(`"indent" option must be a positive integer, not ${s}`);
    }
    this.setSchema();
    const lines = [];
    let hasDirectives = false;
    if (this.version) {
      let vd = '%YAML 1.2';
      if (this.schema.name === 'yaml-1.1') {
        if (this.version === '1.0') vd = '%YAML:1.0';else if (this.version === '1.1') vd = '%YAML 1.1';
      }
      lines.push(vd);
      hasDirectives = true;
    }
    const tagNames = this.listNonDefaultTags();
    this.tagPrefixes.forEach(({
      handle,
      prefix
    }) => {
      if (tagNames.some(t => t.indexOf(prefix) === 0)) {
        lines.push(`%TAG ${handle} ${prefix}`);
        hasDirectives = true;
      }
    });
    if (hasDirectives || this.directivesEndMarker) lines.push('---');
    if (this.commentBefore) {
      if (hasDirectives || !this.directivesEndMarker) lines.unshift('');
      lines.unshift(this.commentBefore.replace(/^/gm, '#'));
    }
    const ctx = {
      anchors: Object.create(null),
      doc: this,
      indent: '',
      indentStep: ' '.repeat(indentSize),
      stringify // Requiring directly in nodes would create circular dependencies
    };
    let chompKeep = false;
    let contentComment = null;
    if (this.contents) {
      if (this.contents instanceof resolveSeq.Node) {
        if (this.contents.spaceBefore && (hasDirectives || this.directivesEndMarker)) lines.push('');
        if (this.contents.commentBefore) lines.push(this.contents.commentBefore.replace(/^/gm, '#'));
        // top-level block scalars need to be indented if followed by a comment
        ctx.forceBlockIndent = !!this.comment;
        contentComment = this.contents.comment;
      }
      const onChompKeep = contentComment ? null : () => chompKeep = true;
      const body = stringify(this.contents, ctx, () => contentComment = null, onChompKeep);
      lines.push(resolveSeq.addComment(body, '', contentComment));
    } else if (this.contents !== undefined) {
      lines.push(stringify(this.contents, ctx));
    }
    if (this.comment) {
      if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '') lines.push('');
      lines.push(this.comment.replace(/^/gm, '#'));
    }
    return lines.join('\n') + '\n';
  }
}
PlainValue._defineProperty(Document, "defaults", documentOptions);

exports.Document = Document;
exports.defaultOptions = defaultOptions;
exports.scalarOptions = scalarOptions;


/***/ }),

/***/ 418:
/***/ ((__unused_webpack_module, exports) => {



const Char = {
  ANCHOR: '&',
  COMMENT: '#',
  TAG: '!',
  DIRECTIVES_END: '-',
  DOCUMENT_END: '.'
};
const Type = {
  ALIAS: 'ALIAS',
  BLANK_LINE: 'BLANK_LINE',
  BLOCK_FOLDED: 'BLOCK_FOLDED',
  BLOCK_LITERAL: 'BLOCK_LITERAL',
  COMMENT: 'COMMENT',
  DIRECTIVE: 'DIRECTIVE',
  DOCUMENT: 'DOCUMENT',
  FLOW_MAP: 'FLOW_MAP',
  FLOW_SEQ: 'FLOW_SEQ',
  MAP: 'MAP',
  MAP_KEY: 'MAP_KEY',
  MAP_VALUE: 'MAP_VALUE',
  PLAIN: 'PLAIN',
  QUOTE_DOUBLE: 'QUOTE_DOUBLE',
  QUOTE_SINGLE: 'QUOTE_SINGLE',
  SEQ: 'SEQ',
  SEQ_ITEM: 'SEQ_ITEM'
};
const defaultTagPrefix = 'tag:yaml.org,2002:';
const defaultTags = {
  MAP: 'tag:yaml.org,2002:map',
  SEQ: 'tag:yaml.org,2002:seq',
  STR: 'tag:yaml.org,2002:str'
};

function findLineStarts(src) {
  const ls = [0];
  let offset = src.indexOf('\n');
  while (offset !== -1) {
    offset += 1;
    ls.push(offset);
    offset = src.indexOf('\n', offset);
  }
  return ls;
}
function getSrcInfo(cst) {
  let lineStarts, src;
  if (typeof cst === 'string') {
    lineStarts = findLineStarts(cst);
    src = cst;
  } else {
    if (Array.isArray(cst)) cst = cst[0];
    if (cst && cst.context) {
      if (!cst.lineStarts) cst.lineStarts = findLineStarts(cst.context.src);
      lineStarts = cst.lineStarts;
      src = cst.context.src;
    }
  }
  return {
    lineStarts,
    src
  };
}

/**
 * @typedef {Object} LinePos - One-indexed position in the source
 * @property {number} line
 * @property {number} col
 */

/**
 * Determine the line/col position matching a character offset.
 *
 * Accepts a source string or a CST document as the second parameter. With
 * the latter, starting indices for lines are cached in the document as
 * `lineStarts: number[]`.
 *
 * Returns a one-indexed `{ line, col }` location if found, or
 * `undefined` otherwise.
 *
 * @param {number} offset
 * @param {string|Document|Document[]} cst
 * @returns {?LinePos}
 */
function getLinePos(offset, cst) {
  if (typeof offset !== 'number' || offset < 0) return null;
  const {
    lineStarts,
    src
  } = getSrcInfo(cst);
  if (!lineStarts || !src || offset > src.length) return null;
  for (let i = 0; i < lineStarts.length; ++i) {
    const start = lineStarts[i];
    if (offset < start) {
      return {
        line: i,
        col: offset - lineStarts[i - 1] + 1
      };
    }
    if (offset === start) return {
      line: i + 1,
      col: 1
    };
  }
  const line = lineStarts.length;
  return {
    line,
    col: offset - lineStarts[line - 1] + 1
  };
}

/**
 * Get a specified line from the source.
 *
 * Accepts a source string or a CST document as the second parameter. With
 * the latter, starting indices for lines are cached in the document as
 * `lineStarts: number[]`.
 *
 * Returns the line as a string if found, or `null` otherwise.
 *
 * @param {number} line One-indexed line number
 * @param {string|Document|Document[]} cst
 * @returns {?string}
 */
function getLine(line, cst) {
  const {
    lineStarts,
    src
  } = getSrcInfo(cst);
  if (!lineStarts || !(line >= 1) || line > lineStarts.length) return null;
  const start = lineStarts[line - 1];
  let end = lineStarts[line]; // undefined for last line; that's ok for slice()
  while (end && end > start && src[end - 1] === '\n') --end;
  return src.slice(start, end);
}

/**
 * Pretty-print the starting line from the source indicated by the range `pos`
 *
 * Trims output to `maxWidth` chars while keeping the starting column visible,
 * using `…` at either end to indicate dropped characters.
 *
 * Returns a two-line string (or `null`) with `\n` as separator; the second line
 * will hold appropriately indented `^` marks indicating the column range.
 *
 * @param {Object} pos
 * @param {LinePos} pos.start
 * @param {LinePos} [pos.end]
 * @param {string|Document|Document[]*} cst
 * @param {number} [maxWidth=80]
 * @returns {?string}
 */
function getPrettyContext({
  start,
  end
}, cst, maxWidth = 80) {
  let src = getLine(start.line, cst);
  if (!src) return null;
  let {
    col
  } = start;
  if (src.length > maxWidth) {
    if (col <= maxWidth - 10) {
      src = src.substr(0, maxWidth - 1) + '…';
    } else {
      const halfWidth = Math.round(maxWidth / 2);
      if (src.length > col + halfWidth) src = src.substr(0, col + halfWidth - 1) + '…';
      col -= src.length - maxWidth;
      src = '…' + src.substr(1 - maxWidth);
    }
  }
  let errLen = 1;
  let errEnd = '';
  if (end) {
    if (end.line === start.line && col + (end.col - start.col) <= maxWidth + 1) {
      errLen = end.col - start.col;
    } else {
      errLen = Math.min(src.length + 1, maxWidth) - col;
      errEnd = '…';
    }
  }
  const offset = col > 1 ? ' '.repeat(col - 1) : '';
  const err = '^'.repeat(errLen);
  return `${src}\n${offset}${err}${errEnd}`;
}

class Range {
  static copy(orig) {
    return new Range(orig.start, orig.end);
  }
  constructor(start, end) {
    this.start = start;
    this.end = end || start;
  }
  isEmpty() {
    return typeof this.start !== 'number' || !this.end || this.end <= this.start;
  }

  /**
   * Set `origStart` and `origEnd` to point to the original source range for
   * this node, which may differ due to dropped CR characters.
   *
   * @param {number[]} cr - Positions of dropped CR characters
   * @param {number} offset - Starting index of `cr` from the last call
   * @returns {number} - The next offset, matching the one found for `origStart`
   */
  setOrigRange(cr, offset) {
    const {
      start,
      end
    } = this;
    if (cr.length === 0 || end <= cr[0]) {
      this.origStart = start;
      this.origEnd = end;
      return offset;
    }
    let i = offset;
    while (i < cr.length) {
      if (cr[i] > start) break;else ++i;
    }
    this.origStart = start + i;
    const nextOffset = i;
    while (i < cr.length) {
      // if end was at \n, it should now be at \r
      if (cr[i] >= end) break;else ++i;
    }
    this.origEnd = end + i;
    return nextOffset;
  }
}

/** Root class of all nodes */
class Node {
  static addStringTerminator(src, offset, str) {
    if (str[str.length - 1] === '\n') return str;
    const next = Node.endOfWhiteSpace(src, offset);
    return next >= src.length || src[next] === '\n' ? str + '\n' : str;
  }

  // ^(---|...)
  static atDocumentBoundary(src, offset, sep) {
    const ch0 = src[offset];
    if (!ch0) return true;
    const prev = src[offset - 1];
    if (prev && prev !== '\n') return false;
    if (sep) {
      if (ch0 !== sep) return false;
    } else {
      if (ch0 !== Char.DIRECTIVES_END && ch0 !== Char.DOCUMENT_END) return false;
    }
    const ch1 = src[offset + 1];
    const ch2 = src[offset + 2];
    if (ch1 !== ch0 || ch2 !== ch0) return false;
    const ch3 = src[offset + 3];
    return !ch3 || ch3 === '\n' || ch3 === '\t' || ch3 === ' ';
  }
  static endOfIdentifier(src, offset) {
    let ch = src[offset];
    const isVerbatim = ch === '<';
    const notOk = isVerbatim ? ['\n', '\t', ' ', '>'] : ['\n', '\t', ' ', '[', ']', '{', '}', ','];
    while (ch && notOk.indexOf(ch) === -1) ch = src[offset += 1];
    if (isVerbatim && ch === '>') offset += 1;
    return offset;
  }
  static endOfIndent(src, offset) {
    let ch = src[offset];
    while (ch === ' ') ch = src[offset += 1];
    return offset;
  }
  static endOfLine(src, offset) {
    let ch = src[offset];
    while (ch && ch !== '\n') ch = src[offset += 1];
    return offset;
  }
  static endOfWhiteSpace(src, offset) {
    let ch = src[offset];
    while (ch === '\t' || ch === ' ') ch = src[offset += 1];
    return offset;
  }
  static startOfLine(src, offset) {
    let ch = src[offset - 1];
    if (ch === '\n') return offset;
    while (ch && ch !== '\n') ch = src[offset -= 1];
    return offset + 1;
  }

  /**
   * End of indentation, or null if the line's indent level is not more
   * than `indent`
   *
   * @param {string} src
   * @param {number} indent
   * @param {number} lineStart
   * @returns {?number}
   */
  static endOfBlockIndent(src, indent, lineStart) {
    const inEnd = Node.endOfIndent(src, lineStart);
    if (inEnd > lineStart + indent) {
      return inEnd;
    } else {
      const wsEnd = Node.endOfWhiteSpace(src, inEnd);
      const ch = src[wsEnd];
      if (!ch || ch === '\n') return wsEnd;
    }
    return null;
  }
  static atBlank(src, offset, endAsBlank) {
    const ch = src[offset];
    return ch === '\n' || ch === '\t' || ch === ' ' || endAsBlank && !ch;
  }
  static nextNodeIsIndented(ch, indentDiff, indicatorAsIndent) {
    if (!ch || indentDiff < 0) return false;
    if (indentDiff > 0) return true;
    return indicatorAsIndent && ch === '-';
  }

  // should be at line or string end, or at next non-whitespace char
  static normalizeOffset(src, offset) {
    const ch = src[offset];
    return !ch ? offset : ch !== '\n' && src[offset - 1] === '\n' ? offset - 1 : Node.endOfWhiteSpace(src, offset);
  }

  // fold single newline into space, multiple newlines to N - 1 newlines
  // presumes src[offset] === '\n'
  static foldNewline(src, offset, indent) {
    let inCount = 0;
    let error = false;
    let fold = '';
    let ch = src[offset + 1];
    while (ch === ' ' || ch === '\t' || ch === '\n') {
      switch (ch) {
        case '\n':
          inCount = 0;
          offset += 1;
          fold += '\n';
          break;
        case '\t':
          if (inCount <= indent) error = true;
          offset = Node.endOfWhiteSpace(src, offset + 2) - 1;
          break;
        case ' ':
          inCount += 1;
          offset += 1;
          break;
      }
      ch = src[offset + 1];
    }
    if (!fold) fold = ' ';
    if (ch && inCount <= indent) error = true;
    return {
      fold,
      offset,
      error
    };
  }
  constructor(type, props, context) {
    Object.defineProperty(this, 'context', {
      value: context || null,
      writable: true
    });
    this.error = null;
    this.range = null;
    this.valueRange = null;
    this.props = props || [];
    this.type = type;
    this.value = null;
  }
  getPropValue(idx, key, skipKey) {
    if (!this.context) return null;
    const {
      src
    } = this.context;
    const prop = this.props[idx];
    return prop && src[prop.start] === key ? src.slice(prop.start + (skipKey ? 1 : 0), prop.end) : null;
  }
  get anchor() {
    for (let i = 0; i < this.props.length; ++i) {
      const anchor = this.getPropValue(i, Char.ANCHOR, true);
      if (anchor != null) return anchor;
    }
    return null;
  }
  get comment() {
    const comments = [];
    for (let i = 0; i < this.props.length; ++i) {
      const comment = this.getPropValue(i, Char.COMMENT, true);
      if (comment != null) comments.push(comment);
    }
    return comments.length > 0 ? comments.join('\n') : null;
  }
  commentHasRequiredWhitespace(start) {
    const {
      src
    } = this.context;
    if (this.header && start === this.header.end) return false;
    if (!this.valueRange) return false;
    const {
      end
    } = this.valueRange;
    return start !== end || Node.atBlank(src, end - 1);
  }
  get hasComment() {
    if (this.context) {
      const {
        src
      } = this.context;
      for (let i = 0; i < this.props.length; ++i) {
        if (src[this.props[i].start] === Char.COMMENT) return true;
      }
    }
    return false;
  }
  get hasProps() {
    if (this.context) {
      const {
        src
      } = this.context;
      for (let i = 0; i < this.props.length; ++i) {
        if (src[this.props[i].start] !== Char.COMMENT) return true;
      }
    }
    return false;
  }
  get includesTrailingLines() {
    return false;
  }
  get jsonLike() {
    const jsonLikeTypes = [Type.FLOW_MAP, Type.FLOW_SEQ, Type.QUOTE_DOUBLE, Type.QUOTE_SINGLE];
    return jsonLikeTypes.indexOf(this.type) !== -1;
  }
  get rangeAsLinePos() {
    if (!this.range || !this.context) return undefined;
    const start = getLinePos(this.range.start, this.context.root);
    if (!start) return undefined;
    const end = getLinePos(this.range.end, this.context.root);
    return {
      start,
      end
    };
  }
  get rawValue() {
    if (!this.valueRange || !this.context) return null;
    const {
      start,
      end
    } = this.valueRange;
    return this.context.src.slice(start, end);
  }
  get tag() {
    for (let i = 0; i < this.props.length; ++i) {
      const tag = this.getPropValue(i, Char.TAG, false);
      if (tag != null) {
        if (tag[1] === '<') {
          return {
            verbatim: tag.slice(2, -1)
          };
        } else {
          // eslint-disable-next-line no-unused-vars
          const [_, handle, suffix] = tag.match(/^(.*!)([^!]*)$/);
          return {
            handle,
            suffix
          };
        }
      }
    }
    return null;
  }
  get valueRangeContainsNewline() {
    if (!this.valueRange || !this.context) return false;
    const {
      start,
      end
    } = this.valueRange;
    const {
      src
    } = this.context;
    for (let i = start; i < end; ++i) {
      if (src[i] === '\n') return true;
    }
    return false;
  }
  parseComment(start) {
    const {
      src
    } = this.context;
    if (src[start] === Char.COMMENT) {
      const end = Node.endOfLine(src, start + 1);
      const commentRange = new Range(start, end);
      this.props.push(commentRange);
      return end;
    }
    return start;
  }

  /**
   * Populates the `origStart` and `origEnd` values of all ranges for this
   * node. Extended by child classes to handle descendant nodes.
   *
   * @param {number[]} cr - Positions of dropped CR characters
   * @param {number} offset - Starting index of `cr` from the last call
   * @returns {number} - The next offset, matching the one found for `origStart`
   */
  setOrigRanges(cr, offset) {
    if (this.range) offset = this.range.setOrigRange(cr, offset);
    if (this.valueRange) this.valueRange.setOrigRange(cr, offset);
    this.props.forEach(prop => prop.setOrigRange(cr, offset));
    return offset;
  }
  toString() {
    const {
      context: {
        src
      },
      range,
      value
    } = this;
    if (value != null) return value;
    const str = src.slice(range.start, range.end);
    return Node.addStringTerminator(src, range.end, str);
  }
}

class YAMLError extends Error {
  constructor(name, source, message) {
    if (!message || !(source instanceof Node)) throw new Error(`Invalid arguments for new ${name}`);
    super();
    this.name = name;
    this.message = message;
    this.source = source;
  }
  makePretty() {
    if (!this.source) return;
    this.nodeType = this.source.type;
    const cst = this.source.context && this.source.context.root;
    if (typeof this.offset === 'number') {
      this.range = new Range(this.offset, this.offset + 1);
      const start = cst && getLinePos(this.offset, cst);
      if (start) {
        const end = {
          line: start.line,
          col: start.col + 1
        };
        this.linePos = {
          start,
          end
        };
      }
      delete this.offset;
    } else {
      this.range = this.source.range;
      this.linePos = this.source.rangeAsLinePos;
    }
    if (this.linePos) {
      const {
        line,
        col
      } = this.linePos.start;
      this.message += ` at line ${line}, column ${col}`;
      const ctx = cst && getPrettyContext(this.linePos, cst);
      if (ctx) this.message += `:\n\n${ctx}\n`;
    }
    delete this.source;
  }
}
class YAMLReferenceError extends YAMLError {
  constructor(source, message) {
    super('YAMLReferenceError', source, message);
  }
}
class YAMLSemanticError extends YAMLError {
  constructor(source, message) {
    super('YAMLSemanticError', source, message);
  }
}
class YAMLSyntaxError extends YAMLError {
  constructor(source, message) {
    super('YAMLSyntaxError', source, message);
  }
}
class YAMLWarning extends YAMLError {
  constructor(source, message) {
    super('YAMLWarning', source, message);
  }
}

function _defineProperty(e, r, t) {
  return (r = _toPropertyKey(r)) in e ? Object.defineProperty(e, r, {
    value: t,
    enumerable: !0,
    configurable: !0,
    writable: !0
  }) : e[r] = t, e;
}
function _toPrimitive(t, r) {
  if ("object" != typeof t || !t) return t;
  var e = t[Symbol.toPrimitive];
  if (void 0 !== e) {
    var i = e.call(t, r || "default");
    if ("object" != typeof i) return i;
    throw new TypeError("@@toPrimitive must return a primitive value.");
  }
  return ("string" === r ? String : Number)(t);
}
function _toPropertyKey(t) {
  var i = _toPrimitive(t, "string");
  return "symbol" == typeof i ? i : i + "";
}

class PlainValue extends Node {
  static endOfLine(src, start, inFlow) {
    let ch = src[start];
    let offset = start;
    while (ch && ch !== '\n') {
      if (inFlow && (ch === '[' || ch === ']' || ch === '{' || ch === '}' || ch === ',')) break;
      const next = src[offset + 1];
      if (ch === ':' && (!next || next === '\n' || next === '\t' || next === ' ' || inFlow && next === ',')) break;
      if ((ch === ' ' || ch === '\t') && next === '#') break;
      offset += 1;
      ch = next;
    }
    return offset;
  }
  get strValue() {
    if (!this.valueRange || !this.context) return null;
    let {
      start,
      end
    } = this.valueRange;
    const {
      src
    } = this.context;
    let ch = src[end - 1];
    while (start < end && (ch === '\n' || ch === '\t' || ch === ' ')) ch = src[--end - 1];
    let str = '';
    for (let i = start; i < end; ++i) {
      const ch = src[i];
      if (ch === '\n') {
        const {
          fold,
          offset
        } = Node.foldNewline(src, i, -1);
        str += fold;
        i = offset;
      } else if (ch === ' ' || ch === '\t') {
        // trim trailing whitespace
        const wsStart = i;
        let next = src[i + 1];
        while (i < end && (next === ' ' || next === '\t')) {
          i += 1;
          next = src[i + 1];
        }
        if (next !== '\n') str += i > wsStart ? src.slice(wsStart, i + 1) : ch;
      } else {
        str += ch;
      }
    }
    const ch0 = src[start];
    switch (ch0) {
      case '\t':
        {
          const msg = 'Plain value cannot start with a tab character';
          const errors = [new YAMLSemanticError(this, msg)];
          return {
            errors,
            str
          };
        }
      case '@':
      case '`':
        {
          const msg = `Plain value cannot start with reserved character ${ch0}`;
          const errors = [new YAMLSemanticError(this, msg)];
          return {
            errors,
            str
          };
        }
      default:
        return str;
    }
  }
  parseBlockValue(start) {
    const {
      indent,
      inFlow,
      src
    } = this.context;
    let offset = start;
    let valueEnd = start;
    for (let ch = src[offset]; ch === '\n'; ch = src[offset]) {
      if (Node.atDocumentBoundary(src, offset + 1)) break;
      const end = Node.endOfBlockIndent(src, indent, offset + 1);
      if (end === null || src[end] === '#') break;
      if (src[end] === '\n') {
        offset = end;
      } else {
        valueEnd = PlainValue.endOfLine(src, end, inFlow);
        offset = valueEnd;
      }
    }
    if (this.valueRange.isEmpty()) this.valueRange.start = start;
    this.valueRange.end = valueEnd;
    return valueEnd;
  }

  /**
   * Parses a plain value from the source
   *
   * Accepted forms are:
   * ```
   * #comment
   *
   * first line
   *
   * first line #comment
   *
   * first line
   * block
   * lines
   *
   * #comment
   * block
   * lines
   * ```
   * where block lines are empty or have an indent level greater than `indent`.
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this scalar, may be `\n`
   */
  parse(context, start) {
    this.context = context;
    const {
      inFlow,
      src
    } = context;
    let offset = start;
    const ch = src[offset];
    if (ch && ch !== '#' && ch !== '\n') {
      offset = PlainValue.endOfLine(src, start, inFlow);
    }
    this.valueRange = new Range(start, offset);
    offset = Node.endOfWhiteSpace(src, offset);
    offset = this.parseComment(offset);
    if (!this.hasComment || this.valueRange.isEmpty()) {
      offset = this.parseBlockValue(offset);
    }
    return offset;
  }
}

exports.Char = Char;
exports.Node = Node;
exports.PlainValue = PlainValue;
exports.Range = Range;
exports.Type = Type;
exports.YAMLError = YAMLError;
exports.YAMLReferenceError = YAMLReferenceError;
exports.YAMLSemanticError = YAMLSemanticError;
exports.YAMLSyntaxError = YAMLSyntaxError;
exports.YAMLWarning = YAMLWarning;
exports._defineProperty = _defineProperty;
exports.defaultTagPrefix = defaultTagPrefix;
exports.defaultTags = defaultTags;


/***/ }),

/***/ 112:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var PlainValue = __nccwpck_require__(418);
var resolveSeq = __nccwpck_require__(724);
var warnings = __nccwpck_require__(529);

function createMap(schema, obj, ctx) {
  const map = new resolveSeq.YAMLMap(schema);
  if (obj instanceof Map) {
    for (const [key, value] of obj) map.items.push(schema.createPair(key, value, ctx));
  } else if (obj && typeof obj === 'object') {
    for (const key of Object.keys(obj)) map.items.push(schema.createPair(key, obj[key], ctx));
  }
  if (typeof schema.sortMapEntries === 'function') {
    map.items.sort(schema.sortMapEntries);
  }
  return map;
}
const map = {
  createNode: createMap,
  default: true,
  nodeClass: resolveSeq.YAMLMap,
  tag: 'tag:yaml.org,2002:map',
  resolve: resolveSeq.resolveMap
};

function createSeq(schema, obj, ctx) {
  const seq = new resolveSeq.YAMLSeq(schema);
  if (obj && obj[Symbol.iterator]) {
    for (const it of obj) {
      const v = schema.createNode(it, ctx.wrapScalars, null, ctx);
      seq.items.push(v);
    }
  }
  return seq;
}
const seq = {
  createNode: createSeq,
  default: true,
  nodeClass: resolveSeq.YAMLSeq,
  tag: 'tag:yaml.org,2002:seq',
  resolve: resolveSeq.resolveSeq
};

const string = {
  identify: value => typeof value === 'string',
  default: true,
  tag: 'tag:yaml.org,2002:str',
  resolve: resolveSeq.resolveString,
  stringify(item, ctx, onComment, onChompKeep) {
    ctx = Object.assign({
      actualString: true
    }, ctx);
    return resolveSeq.stringifyString(item, ctx, onComment, onChompKeep);
  },
  options: resolveSeq.strOptions
};

const failsafe = [map, seq, string];

/* global BigInt */
const intIdentify$2 = value => typeof value === 'bigint' || Number.isInteger(value);
const intResolve$1 = (src, part, radix) => resolveSeq.intOptions.asBigInt ? BigInt(src) : parseInt(part, radix);
function intStringify$1(node, radix, prefix) {
  const {
    value
  } = node;
  if (intIdentify$2(value) && value >= 0) return prefix + value.toString(radix);
  return resolveSeq.stringifyNumber(node);
}
const nullObj = {
  identify: value => value == null,
  createNode: (schema, value, ctx) => ctx.wrapScalars ? new resolveSeq.Scalar(null) : null,
  default: true,
  tag: 'tag:yaml.org,2002:null',
  test: /^(?:~|[Nn]ull|NULL)?$/,
  resolve: () => null,
  options: resolveSeq.nullOptions,
  stringify: () => resolveSeq.nullOptions.nullStr
};
const boolObj = {
  identify: value => typeof value === 'boolean',
  default: true,
  tag: 'tag:yaml.org,2002:bool',
  test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  resolve: str => str[0] === 't' || str[0] === 'T',
  options: resolveSeq.boolOptions,
  stringify: ({
    value
  }) => value ? resolveSeq.boolOptions.trueStr : resolveSeq.boolOptions.falseStr
};
const octObj = {
  identify: value => intIdentify$2(value) && value >= 0,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'OCT',
  test: /^0o([0-7]+)$/,
  resolve: (str, oct) => intResolve$1(str, oct, 8),
  options: resolveSeq.intOptions,
  stringify: node => intStringify$1(node, 8, '0o')
};
const intObj = {
  identify: intIdentify$2,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: /^[-+]?[0-9]+$/,
  resolve: str => intResolve$1(str, str, 10),
  options: resolveSeq.intOptions,
  stringify: resolveSeq.stringifyNumber
};
const hexObj = {
  identify: value => intIdentify$2(value) && value >= 0,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'HEX',
  test: /^0x([0-9a-fA-F]+)$/,
  resolve: (str, hex) => intResolve$1(str, hex, 16),
  options: resolveSeq.intOptions,
  stringify: node => intStringify$1(node, 16, '0x')
};
const nanObj = {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: /^(?:[-+]?\.inf|(\.nan))$/i,
  resolve: (str, nan) => nan ? NaN : str[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
  stringify: resolveSeq.stringifyNumber
};
const expObj = {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  format: 'EXP',
  test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  resolve: str => parseFloat(str),
  stringify: ({
    value
  }) => Number(value).toExponential()
};
const floatObj = {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: /^[-+]?(?:\.([0-9]+)|[0-9]+\.([0-9]*))$/,
  resolve(str, frac1, frac2) {
    const frac = frac1 || frac2;
    const node = new resolveSeq.Scalar(parseFloat(str));
    if (frac && frac[frac.length - 1] === '0') node.minFractionDigits = frac.length;
    return node;
  },
  stringify: resolveSeq.stringifyNumber
};
const core = failsafe.concat([nullObj, boolObj, octObj, intObj, hexObj, nanObj, expObj, floatObj]);

/* global BigInt */
const intIdentify$1 = value => typeof value === 'bigint' || Number.isInteger(value);
const stringifyJSON = ({
  value
}) => JSON.stringify(value);
const json = [map, seq, {
  identify: value => typeof value === 'string',
  default: true,
  tag: 'tag:yaml.org,2002:str',
  resolve: resolveSeq.resolveString,
  stringify: stringifyJSON
}, {
  identify: value => value == null,
  createNode: (schema, value, ctx) => ctx.wrapScalars ? new resolveSeq.Scalar(null) : null,
  default: true,
  tag: 'tag:yaml.org,2002:null',
  test: /^null$/,
  resolve: () => null,
  stringify: stringifyJSON
}, {
  identify: value => typeof value === 'boolean',
  default: true,
  tag: 'tag:yaml.org,2002:bool',
  test: /^true|false$/,
  resolve: str => str === 'true',
  stringify: stringifyJSON
}, {
  identify: intIdentify$1,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: /^-?(?:0|[1-9][0-9]*)$/,
  resolve: str => resolveSeq.intOptions.asBigInt ? BigInt(str) : parseInt(str, 10),
  stringify: ({
    value
  }) => intIdentify$1(value) ? value.toString() : JSON.stringify(value)
}, {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
  resolve: str => parseFloat(str),
  stringify: stringifyJSON
}];
json.scalarFallback = str => {
  throw new SyntaxError(`Unresolved plain scalar ${JSON.stringify(str)}`);
};

/* global BigInt */
const boolStringify = ({
  value
}) => value ? resolveSeq.boolOptions.trueStr : resolveSeq.boolOptions.falseStr;
const intIdentify = value => typeof value === 'bigint' || Number.isInteger(value);
function intResolve(sign, src, radix) {
  let str = src.replace(/_/g, '');
  if (resolveSeq.intOptions.asBigInt) {
    switch (radix) {
      case 2:
        str = `0b${str}`;
        break;
      case 8:
        str = `0o${str}`;
        break;
      case 16:
        str = `0x${str}`;
        break;
    }
    const n = BigInt(str);
    return sign === '-' ? BigInt(-1) * n : n;
  }
  const n = parseInt(str, radix);
  return sign === '-' ? -1 * n : n;
}
function intStringify(node, radix, prefix) {
  const {
    value
  } = node;
  if (intIdentify(value)) {
    const str = value.toString(radix);
    return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
  }
  return resolveSeq.stringifyNumber(node);
}
const yaml11 = failsafe.concat([{
  identify: value => value == null,
  createNode: (schema, value, ctx) => ctx.wrapScalars ? new resolveSeq.Scalar(null) : null,
  default: true,
  tag: 'tag:yaml.org,2002:null',
  test: /^(?:~|[Nn]ull|NULL)?$/,
  resolve: () => null,
  options: resolveSeq.nullOptions,
  stringify: () => resolveSeq.nullOptions.nullStr
}, {
  identify: value => typeof value === 'boolean',
  default: true,
  tag: 'tag:yaml.org,2002:bool',
  test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
  resolve: () => true,
  options: resolveSeq.boolOptions,
  stringify: boolStringify
}, {
  identify: value => typeof value === 'boolean',
  default: true,
  tag: 'tag:yaml.org,2002:bool',
  test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/i,
  resolve: () => false,
  options: resolveSeq.boolOptions,
  stringify: boolStringify
}, {
  identify: intIdentify,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'BIN',
  test: /^([-+]?)0b([0-1_]+)$/,
  resolve: (str, sign, bin) => intResolve(sign, bin, 2),
  stringify: node => intStringify(node, 2, '0b')
}, {
  identify: intIdentify,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'OCT',
  test: /^([-+]?)0([0-7_]+)$/,
  resolve: (str, sign, oct) => intResolve(sign, oct, 8),
  stringify: node => intStringify(node, 8, '0')
}, {
  identify: intIdentify,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: /^([-+]?)([0-9][0-9_]*)$/,
  resolve: (str, sign, abs) => intResolve(sign, abs, 10),
  stringify: resolveSeq.stringifyNumber
}, {
  identify: intIdentify,
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'HEX',
  test: /^([-+]?)0x([0-9a-fA-F_]+)$/,
  resolve: (str, sign, hex) => intResolve(sign, hex, 16),
  stringify: node => intStringify(node, 16, '0x')
}, {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: /^(?:[-+]?\.inf|(\.nan))$/i,
  resolve: (str, nan) => nan ? NaN : str[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
  stringify: resolveSeq.stringifyNumber
}, {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  format: 'EXP',
  test: /^[-+]?([0-9][0-9_]*)?(\.[0-9_]*)?[eE][-+]?[0-9]+$/,
  resolve: str => parseFloat(str.replace(/_/g, '')),
  stringify: ({
    value
  }) => Number(value).toExponential()
}, {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  test: /^[-+]?(?:[0-9][0-9_]*)?\.([0-9_]*)$/,
  resolve(str, frac) {
    const node = new resolveSeq.Scalar(parseFloat(str.replace(/_/g, '')));
    if (frac) {
      const f = frac.replace(/_/g, '');
      if (f[f.length - 1] === '0') node.minFractionDigits = f.length;
    }
    return node;
  },
  stringify: resolveSeq.stringifyNumber
}], warnings.binary, warnings.omap, warnings.pairs, warnings.set, warnings.intTime, warnings.floatTime, warnings.timestamp);

const schemas = {
  core,
  failsafe,
  json,
  yaml11
};
const tags = {
  binary: warnings.binary,
  bool: boolObj,
  float: floatObj,
  floatExp: expObj,
  floatNaN: nanObj,
  floatTime: warnings.floatTime,
  int: intObj,
  intHex: hexObj,
  intOct: octObj,
  intTime: warnings.intTime,
  map,
  null: nullObj,
  omap: warnings.omap,
  pairs: warnings.pairs,
  seq,
  set: warnings.set,
  timestamp: warnings.timestamp
};

function findTagObject(value, tagName, tags) {
  if (tagName) {
    const match = tags.filter(t => t.tag === tagName);
    const tagObj = match.find(t => !t.format) || match[0];
    if (!tagObj) throw new Error(`Tag ${tagName} not found`);
    return tagObj;
  }

  // TODO: deprecate/remove class check
  return tags.find(t => (t.identify && t.identify(value) || t.class && value instanceof t.class) && !t.format);
}
function createNode(value, tagName, ctx) {
  if (value instanceof resolveSeq.Node) return value;
  const {
    defaultPrefix,
    onTagObj,
    prevObjects,
    schema,
    wrapScalars
  } = ctx;
  if (tagName && tagName.startsWith('!!')) tagName = defaultPrefix + tagName.slice(2);
  let tagObj = findTagObject(value, tagName, schema.tags);
  if (!tagObj) {
    if (typeof value.toJSON === 'function') value = value.toJSON();
    if (!value || typeof value !== 'object') return wrapScalars ? new resolveSeq.Scalar(value) : value;
    tagObj = value instanceof Map ? map : value[Symbol.iterator] ? seq : map;
  }
  if (onTagObj) {
    onTagObj(tagObj);
    delete ctx.onTagObj;
  }

  // Detect duplicate references to the same object & use Alias nodes for all
  // after first. The `obj` wrapper allows for circular references to resolve.
  const obj = {
    value: undefined,
    node: undefined
  };
  if (value && typeof value === 'object' && prevObjects) {
    const prev = prevObjects.get(value);
    if (prev) {
      const alias = new resolveSeq.Alias(prev); // leaves source dirty; must be cleaned by caller
      ctx.aliasNodes.push(alias); // defined along with prevObjects
      return alias;
    }
    obj.value = value;
    prevObjects.set(value, obj);
  }
  obj.node = tagObj.createNode ? tagObj.createNode(ctx.schema, value, ctx) : wrapScalars ? new resolveSeq.Scalar(value) : value;
  if (tagName && obj.node instanceof resolveSeq.Node) obj.node.tag = tagName;
  return obj.node;
}

function getSchemaTags(schemas, knownTags, customTags, schemaId) {
  let tags = schemas[schemaId.replace(/\W/g, '')]; // 'yaml-1.1' -> 'yaml11'
  if (!tags) {
    const keys = Object.keys(schemas).map(key => JSON.stringify(key)).join(', ');
    throw new Error(`Unknown schema "${schemaId}"; use one of ${keys}`);
  }
  if (Array.isArray(customTags)) {
    for (const tag of customTags) tags = tags.concat(tag);
  } else if (typeof customTags === 'function') {
    tags = customTags(tags.slice());
  }
  for (let i = 0; i < tags.length; ++i) {
    const tag = tags[i];
    if (typeof tag === 'string') {
      const tagObj = knownTags[tag];
      if (!tagObj) {
        const keys = Object.keys(knownTags).map(key => JSON.stringify(key)).join(', ');
        throw new Error(`Unknown custom tag "${tag}"; use one of ${keys}`);
      }
      tags[i] = tagObj;
    }
  }
  return tags;
}

const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
class Schema {
  // TODO: remove in v2

  constructor({
    customTags,
    merge,
    schema,
    sortMapEntries,
    tags: deprecatedCustomTags
  }) {
    this.merge = !!merge;
    this.name = schema;
    this.sortMapEntries = sortMapEntries === true ? sortMapEntriesByKey : sortMapEntries || null;
    if (!customTags && deprecatedCustomTags) warnings.warnOptionDeprecation('tags', 'customTags');
    this.tags = getSchemaTags(schemas, tags, customTags || deprecatedCustomTags, schema);
  }
  createNode(value, wrapScalars, tagName, ctx) {
    const baseCtx = {
      defaultPrefix: Schema.defaultPrefix,
      schema: this,
      wrapScalars
    };
    const createCtx = ctx ? Object.assign(ctx, baseCtx) : baseCtx;
    return createNode(value, tagName, createCtx);
  }
  createPair(key, value, ctx) {
    if (!ctx) ctx = {
      wrapScalars: true
    };
    const k = this.createNode(key, ctx.wrapScalars, null, ctx);
    const v = this.createNode(value, ctx.wrapScalars, null, ctx);
    return new resolveSeq.Pair(k, v);
  }
}
PlainValue._defineProperty(Schema, "defaultPrefix", PlainValue.defaultTagPrefix);
// TODO: remove in v2
PlainValue._defineProperty(Schema, "defaultTags", PlainValue.defaultTags);

exports.Schema = Schema;


/***/ }),

/***/ 256:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var parseCst = __nccwpck_require__(116);
var Document$1 = __nccwpck_require__(816);
var Schema = __nccwpck_require__(112);
var PlainValue = __nccwpck_require__(418);
var warnings = __nccwpck_require__(529);
__nccwpck_require__(724);

function createNode(value, wrapScalars = true, tag) {
  if (tag === undefined && typeof wrapScalars === 'string') {
    tag = wrapScalars;
    wrapScalars = true;
  }
  const options = Object.assign({}, Document$1.Document.defaults[Document$1.defaultOptions.version], Document$1.defaultOptions);
  const schema = new Schema.Schema(options);
  return schema.createNode(value, wrapScalars, tag);
}
class Document extends Document$1.Document {
  constructor(options) {
    super(Object.assign({}, Document$1.defaultOptions, options));
  }
}
function parseAllDocuments(src, options) {
  const stream = [];
  let prev;
  for (const cstDoc of parseCst.parse(src)) {
    const doc = new Document(options);
    doc.parse(cstDoc, prev);
    stream.push(doc);
    prev = doc;
  }
  return stream;
}
function parseDocument(src, options) {
  const cst = parseCst.parse(src);
  const doc = new Document(options).parse(cst[0]);
  if (cst.length > 1) {
    const errMsg = 'Source contains multiple documents; please use YAML.parseAllDocuments()';
    doc.errors.unshift(new PlainValue.YAMLSemanticError(cst[1], errMsg));
  }
  return doc;
}
function parse(src, options) {
  const doc = parseDocument(src, options);
  doc.warnings.forEach(warning => warnings.warn(warning));
  if (doc.errors.length > 0) throw doc.errors[0];
  return doc.toJSON();
}
function stringify(value, options) {
  const doc = new Document(options);
  doc.contents = value;
  return String(doc);
}
const YAML = {
  createNode,
  defaultOptions: Document$1.defaultOptions,
  Document,
  parse,
  parseAllDocuments,
  parseCST: parseCst.parse,
  parseDocument,
  scalarOptions: Document$1.scalarOptions,
  stringify
};

exports.YAML = YAML;


/***/ }),

/***/ 116:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var PlainValue = __nccwpck_require__(418);

class BlankLine extends PlainValue.Node {
  constructor() {
    super(PlainValue.Type.BLANK_LINE);
  }

  /* istanbul ignore next */
  get includesTrailingLines() {
    // This is never called from anywhere, but if it were,
    // this is the value it should return.
    return true;
  }

  /**
   * Parses a blank line from the source
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first \n character
   * @returns {number} - Index of the character after this
   */
  parse(context, start) {
    this.context = context;
    this.range = new PlainValue.Range(start, start + 1);
    return start + 1;
  }
}

class CollectionItem extends PlainValue.Node {
  constructor(type, props) {
    super(type, props);
    this.node = null;
  }
  get includesTrailingLines() {
    return !!this.node && this.node.includesTrailingLines;
  }

  /**
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this
   */
  parse(context, start) {
    this.context = context;
    const {
      parseNode,
      src
    } = context;
    let {
      atLineStart,
      lineStart
    } = context;
    if (!atLineStart && this.type === PlainValue.Type.SEQ_ITEM) this.error = new PlainValue.YAMLSemanticError(this, 'Sequence items must not have preceding content on the same line');
    const indent = atLineStart ? start - lineStart : context.indent;
    let offset = PlainValue.Node.endOfWhiteSpace(src, start + 1);
    let ch = src[offset];
    const inlineComment = ch === '#';
    const comments = [];
    let blankLine = null;
    while (ch === '\n' || ch === '#') {
      if (ch === '#') {
        const end = PlainValue.Node.endOfLine(src, offset + 1);
        comments.push(new PlainValue.Range(offset, end));
        offset = end;
      } else {
        atLineStart = true;
        lineStart = offset + 1;
        const wsEnd = PlainValue.Node.endOfWhiteSpace(src, lineStart);
        if (src[wsEnd] === '\n' && comments.length === 0) {
          blankLine = new BlankLine();
          lineStart = blankLine.parse({
            src
          }, lineStart);
        }
        offset = PlainValue.Node.endOfIndent(src, lineStart);
      }
      ch = src[offset];
    }
    if (PlainValue.Node.nextNodeIsIndented(ch, offset - (lineStart + indent), this.type !== PlainValue.Type.SEQ_ITEM)) {
      this.node = parseNode({
        atLineStart,
        inCollection: false,
        indent,
        lineStart,
        parent: this
      }, offset);
    } else if (ch && lineStart > start + 1) {
      offset = lineStart - 1;
    }
    if (this.node) {
      if (blankLine) {
        // Only blank lines preceding non-empty nodes are captured. Note that
        // this means that collection item range start indices do not always
        // increase monotonically. -- eemeli/yaml#126
        const items = context.parent.items || context.parent.contents;
        if (items) items.push(blankLine);
      }
      if (comments.length) Array.prototype.push.apply(this.props, comments);
      offset = this.node.range.end;
    } else {
      if (inlineComment) {
        const c = comments[0];
        this.props.push(c);
        offset = c.end;
      } else {
        offset = PlainValue.Node.endOfLine(src, start + 1);
      }
    }
    const end = this.node ? this.node.valueRange.end : offset;
    this.valueRange = new PlainValue.Range(start, end);
    return offset;
  }
  setOrigRanges(cr, offset) {
    offset = super.setOrigRanges(cr, offset);
    return this.node ? this.node.setOrigRanges(cr, offset) : offset;
  }
  toString() {
    const {
      context: {
        src
      },
      node,
      range,
      value
    } = this;
    if (value != null) return value;
    const str = node ? src.slice(range.start, node.range.start) + String(node) : src.slice(range.start, range.end);
    return PlainValue.Node.addStringTerminator(src, range.end, str);
  }
}

class Comment extends PlainValue.Node {
  constructor() {
    super(PlainValue.Type.COMMENT);
  }

  /**
   * Parses a comment line from the source
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this scalar
   */
  parse(context, start) {
    this.context = context;
    const offset = this.parseComment(start);
    this.range = new PlainValue.Range(start, offset);
    return offset;
  }
}

function grabCollectionEndComments(node) {
  let cnode = node;
  while (cnode instanceof CollectionItem) cnode = cnode.node;
  if (!(cnode instanceof Collection)) return null;
  const len = cnode.items.length;
  let ci = -1;
  for (let i = len - 1; i >= 0; --i) {
    const n = cnode.items[i];
    if (n.type === PlainValue.Type.COMMENT) {
      // Keep sufficiently indented comments with preceding node
      const {
        indent,
        lineStart
      } = n.context;
      if (indent > 0 && n.range.start >= lineStart + indent) break;
      ci = i;
    } else if (n.type === PlainValue.Type.BLANK_LINE) ci = i;else break;
  }
  if (ci === -1) return null;
  const ca = cnode.items.splice(ci, len - ci);
  const prevEnd = ca[0].range.start;
  while (true) {
    cnode.range.end = prevEnd;
    if (cnode.valueRange && cnode.valueRange.end > prevEnd) cnode.valueRange.end = prevEnd;
    if (cnode === node) break;
    cnode = cnode.context.parent;
  }
  return ca;
}
class Collection extends PlainValue.Node {
  static nextContentHasIndent(src, offset, indent) {
    const lineStart = PlainValue.Node.endOfLine(src, offset) + 1;
    offset = PlainValue.Node.endOfWhiteSpace(src, lineStart);
    const ch = src[offset];
    if (!ch) return false;
    if (offset >= lineStart + indent) return true;
    if (ch !== '#' && ch !== '\n') return false;
    return Collection.nextContentHasIndent(src, offset, indent);
  }
  constructor(firstItem) {
    super(firstItem.type === PlainValue.Type.SEQ_ITEM ? PlainValue.Type.SEQ : PlainValue.Type.MAP);
    for (let i = firstItem.props.length - 1; i >= 0; --i) {
      if (firstItem.props[i].start < firstItem.context.lineStart) {
        // props on previous line are assumed by the collection
        this.props = firstItem.props.slice(0, i + 1);
        firstItem.props = firstItem.props.slice(i + 1);
        const itemRange = firstItem.props[0] || firstItem.valueRange;
        firstItem.range.start = itemRange.start;
        break;
      }
    }
    this.items = [firstItem];
    const ec = grabCollectionEndComments(firstItem);
    if (ec) Array.prototype.push.apply(this.items, ec);
  }
  get includesTrailingLines() {
    return this.items.length > 0;
  }

  /**
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this
   */
  parse(context, start) {
    this.context = context;
    const {
      parseNode,
      src
    } = context;
    // It's easier to recalculate lineStart here rather than tracking down the
    // last context from which to read it -- eemeli/yaml#2
    let lineStart = PlainValue.Node.startOfLine(src, start);
    const firstItem = this.items[0];
    // First-item context needs to be correct for later comment handling
    // -- eemeli/yaml#17
    firstItem.context.parent = this;
    this.valueRange = PlainValue.Range.copy(firstItem.valueRange);
    const indent = firstItem.range.start - firstItem.context.lineStart;
    let offset = start;
    offset = PlainValue.Node.normalizeOffset(src, offset);
    let ch = src[offset];
    let atLineStart = PlainValue.Node.endOfWhiteSpace(src, lineStart) === offset;
    let prevIncludesTrailingLines = false;
    while (ch) {
      while (ch === '\n' || ch === '#') {
        if (atLineStart && ch === '\n' && !prevIncludesTrailingLines) {
          const blankLine = new BlankLine();
          offset = blankLine.parse({
            src
          }, offset);
          this.valueRange.end = offset;
          if (offset >= src.length) {
            ch = null;
            break;
          }
          this.items.push(blankLine);
          offset -= 1; // blankLine.parse() consumes terminal newline
        } else if (ch === '#') {
          if (offset < lineStart + indent && !Collection.nextContentHasIndent(src, offset, indent)) {
            return offset;
          }
          const comment = new Comment();
          offset = comment.parse({
            indent,
            lineStart,
            src
          }, offset);
          this.items.push(comment);
          this.valueRange.end = offset;
          if (offset >= src.length) {
            ch = null;
            break;
          }
        }
        lineStart = offset + 1;
        offset = PlainValue.Node.endOfIndent(src, lineStart);
        if (PlainValue.Node.atBlank(src, offset)) {
          const wsEnd = PlainValue.Node.endOfWhiteSpace(src, offset);
          const next = src[wsEnd];
          if (!next || next === '\n' || next === '#') {
            offset = wsEnd;
          }
        }
        ch = src[offset];
        atLineStart = true;
      }
      if (!ch) {
        break;
      }
      if (offset !== lineStart + indent && (atLineStart || ch !== ':')) {
        if (offset < lineStart + indent) {
          if (lineStart > start) offset = lineStart;
          break;
        } else if (!this.error) {
          const msg = 'All collection items must start at the same column';
          this.error = new PlainValue.YAMLSyntaxError(this, msg);
        }
      }
      if (firstItem.type === PlainValue.Type.SEQ_ITEM) {
        if (ch !== '-') {
          if (lineStart > start) offset = lineStart;
          break;
        }
      } else if (ch === '-' && !this.error) {
        // map key may start with -, as long as it's followed by a non-whitespace char
        const next = src[offset + 1];
        if (!next || next === '\n' || next === '\t' || next === ' ') {
          const msg = 'A collection cannot be both a mapping and a sequence';
          this.error = new PlainValue.YAMLSyntaxError(this, msg);
        }
      }
      const node = parseNode({
        atLineStart,
        inCollection: true,
        indent,
        lineStart,
        parent: this
      }, offset);
      if (!node) return offset; // at next document start
      this.items.push(node);
      this.valueRange.end = node.valueRange.end;
      offset = PlainValue.Node.normalizeOffset(src, node.range.end);
      ch = src[offset];
      atLineStart = false;
      prevIncludesTrailingLines = node.includesTrailingLines;
      // Need to reset lineStart and atLineStart here if preceding node's range
      // has advanced to check the current line's indentation level
      // -- eemeli/yaml#10 & eemeli/yaml#38
      if (ch) {
        let ls = offset - 1;
        let prev = src[ls];
        while (prev === ' ' || prev === '\t') prev = src[--ls];
        if (prev === '\n') {
          lineStart = ls + 1;
          atLineStart = true;
        }
      }
      const ec = grabCollectionEndComments(node);
      if (ec) Array.prototype.push.apply(this.items, ec);
    }
    return offset;
  }
  setOrigRanges(cr, offset) {
    offset = super.setOrigRanges(cr, offset);
    this.items.forEach(node => {
      offset = node.setOrigRanges(cr, offset);
    });
    return offset;
  }
  toString() {
    const {
      context: {
        src
      },
      items,
      range,
      value
    } = this;
    if (value != null) return value;
    let str = src.slice(range.start, items[0].range.start) + String(items[0]);
    for (let i = 1; i < items.length; ++i) {
      const item = items[i];
      const {
        atLineStart,
        indent
      } = item.context;
      if (atLineStart) for (let i = 0; i < indent; ++i) str += ' ';
      str += String(item);
    }
    return PlainValue.Node.addStringTerminator(src, range.end, str);
  }
}

class Directive extends PlainValue.Node {
  constructor() {
    super(PlainValue.Type.DIRECTIVE);
    this.name = null;
  }
  get parameters() {
    const raw = this.rawValue;
    return raw ? raw.trim().split(/[ \t]+/) : [];
  }
  parseName(start) {
    const {
      src
    } = this.context;
    let offset = start;
    let ch = src[offset];
    while (ch && ch !== '\n' && ch !== '\t' && ch !== ' ') ch = src[offset += 1];
    this.name = src.slice(start, offset);
    return offset;
  }
  parseParameters(start) {
    const {
      src
    } = this.context;
    let offset = start;
    let ch = src[offset];
    while (ch && ch !== '\n' && ch !== '#') ch = src[offset += 1];
    this.valueRange = new PlainValue.Range(start, offset);
    return offset;
  }
  parse(context, start) {
    this.context = context;
    let offset = this.parseName(start + 1);
    offset = this.parseParameters(offset);
    offset = this.parseComment(offset);
    this.range = new PlainValue.Range(start, offset);
    return offset;
  }
}

class Document extends PlainValue.Node {
  static startCommentOrEndBlankLine(src, start) {
    const offset = PlainValue.Node.endOfWhiteSpace(src, start);
    const ch = src[offset];
    return ch === '#' || ch === '\n' ? offset : start;
  }
  constructor() {
    super(PlainValue.Type.DOCUMENT);
    this.directives = null;
    this.contents = null;
    this.directivesEndMarker = null;
    this.documentEndMarker = null;
  }
  parseDirectives(start) {
    const {
      src
    } = this.context;
    this.directives = [];
    let atLineStart = true;
    let hasDirectives = false;
    let offset = start;
    while (!PlainValue.Node.atDocumentBoundary(src, offset, PlainValue.Char.DIRECTIVES_END)) {
      offset = Document.startCommentOrEndBlankLine(src, offset);
      switch (src[offset]) {
        case '\n':
          if (atLineStart) {
            const blankLine = new BlankLine();
            offset = blankLine.parse({
              src
            }, offset);
            if (offset < src.length) {
              this.directives.push(blankLine);
            }
          } else {
            offset += 1;
            atLineStart = true;
          }
          break;
        case '#':
          {
            const comment = new Comment();
            offset = comment.parse({
              src
            }, offset);
            this.directives.push(comment);
            atLineStart = false;
          }
          break;
        case '%':
          {
            const directive = new Directive();
            offset = directive.parse({
              parent: this,
              src
            }, offset);
            this.directives.push(directive);
            hasDirectives = true;
            atLineStart = false;
          }
          break;
        default:
          if (hasDirectives) {
            this.error = new PlainValue.YAMLSemanticError(this, 'Missing directives-end indicator line');
          } else if (this.directives.length > 0) {
            this.contents = this.directives;
            this.directives = [];
          }
          return offset;
      }
    }
    if (src[offset]) {
      this.directivesEndMarker = new PlainValue.Range(offset, offset + 3);
      return offset + 3;
    }
    if (hasDirectives) {
      this.error = new PlainValue.YAMLSemanticError(this, 'Missing directives-end indicator line');
    } else if (this.directives.length > 0) {
      this.contents = this.directives;
      this.directives = [];
    }
    return offset;
  }
  parseContents(start) {
    const {
      parseNode,
      src
    } = this.context;
    if (!this.contents) this.contents = [];
    let lineStart = start;
    while (src[lineStart - 1] === '-') lineStart -= 1;
    let offset = PlainValue.Node.endOfWhiteSpace(src, start);
    let atLineStart = lineStart === start;
    this.valueRange = new PlainValue.Range(offset);
    while (!PlainValue.Node.atDocumentBoundary(src, offset, PlainValue.Char.DOCUMENT_END)) {
      switch (src[offset]) {
        case '\n':
          if (atLineStart) {
            const blankLine = new BlankLine();
            offset = blankLine.parse({
              src
            }, offset);
            if (offset < src.length) {
              this.contents.push(blankLine);
            }
          } else {
            offset += 1;
            atLineStart = true;
          }
          lineStart = offset;
          break;
        case '#':
          {
            const comment = new Comment();
            offset = comment.parse({
              src
            }, offset);
            this.contents.push(comment);
            atLineStart = false;
          }
          break;
        default:
          {
            const iEnd = PlainValue.Node.endOfIndent(src, offset);
            const context = {
              atLineStart,
              indent: -1,
              inFlow: false,
              inCollection: false,
              lineStart,
              parent: this
            };
            const node = parseNode(context, iEnd);
            if (!node) return this.valueRange.end = iEnd; // at next document start
            this.contents.push(node);
            offset = node.range.end;
            atLineStart = false;
            const ec = grabCollectionEndComments(node);
            if (ec) Array.prototype.push.apply(this.contents, ec);
          }
      }
      offset = Document.startCommentOrEndBlankLine(src, offset);
    }
    this.valueRange.end = offset;
    if (src[offset]) {
      this.documentEndMarker = new PlainValue.Range(offset, offset + 3);
      offset += 3;
      if (src[offset]) {
        offset = PlainValue.Node.endOfWhiteSpace(src, offset);
        if (src[offset] === '#') {
          const comment = new Comment();
          offset = comment.parse({
            src
          }, offset);
          this.contents.push(comment);
        }
        switch (src[offset]) {
          case '\n':
            offset += 1;
            break;
          case undefined:
            break;
          default:
            this.error = new PlainValue.YAMLSyntaxError(this, 'Document end marker line cannot have a non-comment suffix');
        }
      }
    }
    return offset;
  }

  /**
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this
   */
  parse(context, start) {
    context.root = this;
    this.context = context;
    const {
      src
    } = context;
    let offset = src.charCodeAt(start) === 0xfeff ? start + 1 : start; // skip BOM
    offset = this.parseDirectives(offset);
    offset = this.parseContents(offset);
    return offset;
  }
  setOrigRanges(cr, offset) {
    offset = super.setOrigRanges(cr, offset);
    this.directives.forEach(node => {
      offset = node.setOrigRanges(cr, offset);
    });
    if (this.directivesEndMarker) offset = this.directivesEndMarker.setOrigRange(cr, offset);
    this.contents.forEach(node => {
      offset = node.setOrigRanges(cr, offset);
    });
    if (this.documentEndMarker) offset = this.documentEndMarker.setOrigRange(cr, offset);
    return offset;
  }
  toString() {
    const {
      contents,
      directives,
      value
    } = this;
    if (value != null) return value;
    let str = directives.join('');
    if (contents.length > 0) {
      if (directives.length > 0 || contents[0].type === PlainValue.Type.COMMENT) str += '---\n';
      str += contents.join('');
    }
    if (str[str.length - 1] !== '\n') str += '\n';
    return str;
  }
}

class Alias extends PlainValue.Node {
  /**
   * Parses an *alias from the source
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this scalar
   */
  parse(context, start) {
    this.context = context;
    const {
      src
    } = context;
    let offset = PlainValue.Node.endOfIdentifier(src, start + 1);
    this.valueRange = new PlainValue.Range(start + 1, offset);
    offset = PlainValue.Node.endOfWhiteSpace(src, offset);
    offset = this.parseComment(offset);
    return offset;
  }
}

const Chomp = {
  CLIP: 'CLIP',
  KEEP: 'KEEP',
  STRIP: 'STRIP'
};
class BlockValue extends PlainValue.Node {
  constructor(type, props) {
    super(type, props);
    this.blockIndent = null;
    this.chomping = Chomp.CLIP;
    this.header = null;
  }
  get includesTrailingLines() {
    return this.chomping === Chomp.KEEP;
  }
  get strValue() {
    if (!this.valueRange || !this.context) return null;
    let {
      start,
      end
    } = this.valueRange;
    const {
      indent,
      src
    } = this.context;
    if (this.valueRange.isEmpty()) return '';
    let lastNewLine = null;
    let ch = src[end - 1];
    while (ch === '\n' || ch === '\t' || ch === ' ') {
      end -= 1;
      if (end <= start) {
        if (this.chomping === Chomp.KEEP) break;else return ''; // probably never happens
      }
      if (ch === '\n') lastNewLine = end;
      ch = src[end - 1];
    }
    let keepStart = end + 1;
    if (lastNewLine) {
      if (this.chomping === Chomp.KEEP) {
        keepStart = lastNewLine;
        end = this.valueRange.end;
      } else {
        end = lastNewLine;
      }
    }
    const bi = indent + this.blockIndent;
    const folded = this.type === PlainValue.Type.BLOCK_FOLDED;
    let atStart = true;
    let str = '';
    let sep = '';
    let prevMoreIndented = false;
    for (let i = start; i < end; ++i) {
      for (let j = 0; j < bi; ++j) {
        if (src[i] !== ' ') break;
        i += 1;
      }
      const ch = src[i];
      if (ch === '\n') {
        if (sep === '\n') str += '\n';else sep = '\n';
      } else {
        const lineEnd = PlainValue.Node.endOfLine(src, i);
        const line = src.slice(i, lineEnd);
        i = lineEnd;
        if (folded && (ch === ' ' || ch === '\t') && i < keepStart) {
          if (sep === ' ') sep = '\n';else if (!prevMoreIndented && !atStart && sep === '\n') sep = '\n\n';
          str += sep + line; //+ ((lineEnd < end && src[lineEnd]) || '')
          sep = lineEnd < end && src[lineEnd] || '';
          prevMoreIndented = true;
        } else {
          str += sep + line;
          sep = folded && i < keepStart ? ' ' : '\n';
          prevMoreIndented = false;
        }
        if (atStart && line !== '') atStart = false;
      }
    }
    return this.chomping === Chomp.STRIP ? str : str + '\n';
  }
  parseBlockHeader(start) {
    const {
      src
    } = this.context;
    let offset = start + 1;
    let bi = '';
    while (true) {
      const ch = src[offset];
      switch (ch) {
        case '-':
          this.chomping = Chomp.STRIP;
          break;
        case '+':
          this.chomping = Chomp.KEEP;
          break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9':
          bi += ch;
          break;
        default:
          this.blockIndent = Number(bi) || null;
          this.header = new PlainValue.Range(start, offset);
          return offset;
      }
      offset += 1;
    }
  }
  parseBlockValue(start) {
    const {
      indent,
      src
    } = this.context;
    const explicit = !!this.blockIndent;
    let offset = start;
    let valueEnd = start;
    let minBlockIndent = 1;
    for (let ch = src[offset]; ch === '\n'; ch = src[offset]) {
      offset += 1;
      if (PlainValue.Node.atDocumentBoundary(src, offset)) break;
      const end = PlainValue.Node.endOfBlockIndent(src, indent, offset); // should not include tab?
      if (end === null) break;
      const ch = src[end];
      const lineIndent = end - (offset + indent);
      if (!this.blockIndent) {
        // no explicit block indent, none yet detected
        if (src[end] !== '\n') {
          // first line with non-whitespace content
          if (lineIndent < minBlockIndent) {
            const msg = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
            this.error = new PlainValue.YAMLSemanticError(this, msg);
          }
          this.blockIndent = lineIndent;
        } else if (lineIndent > minBlockIndent) {
          // empty line with more whitespace
          minBlockIndent = lineIndent;
        }
      } else if (ch && ch !== '\n' && lineIndent < this.blockIndent) {
        if (src[end] === '#') break;
        if (!this.error) {
          const src = explicit ? 'explicit indentation indicator' : 'first line';
          const msg = `Block scalars must not be less indented than their ${src}`;
          this.error = new PlainValue.YAMLSemanticError(this, msg);
        }
      }
      if (src[end] === '\n') {
        offset = end;
      } else {
        offset = valueEnd = PlainValue.Node.endOfLine(src, end);
      }
    }
    if (this.chomping !== Chomp.KEEP) {
      offset = src[valueEnd] ? valueEnd + 1 : valueEnd;
    }
    this.valueRange = new PlainValue.Range(start + 1, offset);
    return offset;
  }

  /**
   * Parses a block value from the source
   *
   * Accepted forms are:
   * ```
   * BS
   * block
   * lines
   *
   * BS #comment
   * block
   * lines
   * ```
   * where the block style BS matches the regexp `[|>][-+1-9]*` and block lines
   * are empty or have an indent level greater than `indent`.
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this block
   */
  parse(context, start) {
    this.context = context;
    const {
      src
    } = context;
    let offset = this.parseBlockHeader(start);
    offset = PlainValue.Node.endOfWhiteSpace(src, offset);
    offset = this.parseComment(offset);
    offset = this.parseBlockValue(offset);
    return offset;
  }
  setOrigRanges(cr, offset) {
    offset = super.setOrigRanges(cr, offset);
    return this.header ? this.header.setOrigRange(cr, offset) : offset;
  }
}

class FlowCollection extends PlainValue.Node {
  constructor(type, props) {
    super(type, props);
    this.items = null;
  }
  prevNodeIsJsonLike(idx = this.items.length) {
    const node = this.items[idx - 1];
    return !!node && (node.jsonLike || node.type === PlainValue.Type.COMMENT && this.prevNodeIsJsonLike(idx - 1));
  }

  /**
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this
   */
  parse(context, start) {
    this.context = context;
    const {
      parseNode,
      src
    } = context;
    let {
      indent,
      lineStart
    } = context;
    let char = src[start]; // { or [
    this.items = [{
      char,
      offset: start
    }];
    let offset = PlainValue.Node.endOfWhiteSpace(src, start + 1);
    char = src[offset];
    while (char && char !== ']' && char !== '}') {
      switch (char) {
        case '\n':
          {
            lineStart = offset + 1;
            const wsEnd = PlainValue.Node.endOfWhiteSpace(src, lineStart);
            if (src[wsEnd] === '\n') {
              const blankLine = new BlankLine();
              lineStart = blankLine.parse({
                src
              }, lineStart);
              this.items.push(blankLine);
            }
            offset = PlainValue.Node.endOfIndent(src, lineStart);
            if (offset <= lineStart + indent) {
              char = src[offset];
              if (offset < lineStart + indent || char !== ']' && char !== '}') {
                const msg = 'Insufficient indentation in flow collection';
                this.error = new PlainValue.YAMLSemanticError(this, msg);
              }
            }
          }
          break;
        case ',':
          {
            this.items.push({
              char,
              offset
            });
            offset += 1;
          }
          break;
        case '#':
          {
            const comment = new Comment();
            offset = comment.parse({
              src
            }, offset);
            this.items.push(comment);
          }
          break;
        case '?':
        case ':':
          {
            const next = src[offset + 1];
            if (next === '\n' || next === '\t' || next === ' ' || next === ',' ||
            // in-flow : after JSON-like key does not need to be followed by whitespace
            char === ':' && this.prevNodeIsJsonLike()) {
              this.items.push({
                char,
                offset
              });
              offset += 1;
              break;
            }
          }
        // fallthrough
        default:
          {
            const node = parseNode({
              atLineStart: false,
              inCollection: false,
              inFlow: true,
              indent: -1,
              lineStart,
              parent: this
            }, offset);
            if (!node) {
              // at next document start
              this.valueRange = new PlainValue.Range(start, offset);
              return offset;
            }
            this.items.push(node);
            offset = PlainValue.Node.normalizeOffset(src, node.range.end);
          }
      }
      offset = PlainValue.Node.endOfWhiteSpace(src, offset);
      char = src[offset];
    }
    this.valueRange = new PlainValue.Range(start, offset + 1);
    if (char) {
      this.items.push({
        char,
        offset
      });
      offset = PlainValue.Node.endOfWhiteSpace(src, offset + 1);
      offset = this.parseComment(offset);
    }
    return offset;
  }
  setOrigRanges(cr, offset) {
    offset = super.setOrigRanges(cr, offset);
    this.items.forEach(node => {
      if (node instanceof PlainValue.Node) {
        offset = node.setOrigRanges(cr, offset);
      } else if (cr.length === 0) {
        node.origOffset = node.offset;
      } else {
        let i = offset;
        while (i < cr.length) {
          if (cr[i] > node.offset) break;else ++i;
        }
        node.origOffset = node.offset + i;
        offset = i;
      }
    });
    return offset;
  }
  toString() {
    const {
      context: {
        src
      },
      items,
      range,
      value
    } = this;
    if (value != null) return value;
    const nodes = items.filter(item => item instanceof PlainValue.Node);
    let str = '';
    let prevEnd = range.start;
    nodes.forEach(node => {
      const prefix = src.slice(prevEnd, node.range.start);
      prevEnd = node.range.end;
      str += prefix + String(node);
      if (str[str.length - 1] === '\n' && src[prevEnd - 1] !== '\n' && src[prevEnd] === '\n') {
        // Comment range does not include the terminal newline, but its
        // stringified value does. Without this fix, newlines at comment ends
        // get duplicated.
        prevEnd += 1;
      }
    });
    str += src.slice(prevEnd, range.end);
    return PlainValue.Node.addStringTerminator(src, range.end, str);
  }
}

class QuoteDouble extends PlainValue.Node {
  static endOfQuote(src, offset) {
    let ch = src[offset];
    while (ch && ch !== '"') {
      offset += ch === '\\' ? 2 : 1;
      ch = src[offset];
    }
    return offset + 1;
  }

  /**
   * @returns {string | { str: string, errors: YAMLSyntaxError[] }}
   */
  get strValue() {
    if (!this.valueRange || !this.context) return null;
    const errors = [];
    const {
      start,
      end
    } = this.valueRange;
    const {
      indent,
      src
    } = this.context;
    if (src[end - 1] !== '"') errors.push(new PlainValue.YAMLSyntaxError(this, 'Missing closing "quote'));
    // Using String#replace is too painful with escaped newlines preceded by
    // escaped backslashes; also, this should be faster.
    let str = '';
    for (let i = start + 1; i < end - 1; ++i) {
      const ch = src[i];
      if (ch === '\n') {
        if (PlainValue.Node.atDocumentBoundary(src, i + 1)) errors.push(new PlainValue.YAMLSemanticError(this, 'Document boundary indicators are not allowed within string values'));
        const {
          fold,
          offset,
          error
        } = PlainValue.Node.foldNewline(src, i, indent);
        str += fold;
        i = offset;
        if (error) errors.push(new PlainValue.YAMLSemanticError(this, 'Multi-line double-quoted string needs to be sufficiently indented'));
      } else if (ch === '\\') {
        i += 1;
        switch (src[i]) {
          case '0':
            str += '\0';
            break;
          // null character
          case 'a':
            str += '\x07';
            break;
          // bell character
          case 'b':
            str += '\b';
            break;
          // backspace
          case 'e':
            str += '\x1b';
            break;
          // escape character
          case 'f':
            str += '\f';
            break;
          // form feed
          case 'n':
            str += '\n';
            break;
          // line feed
          case 'r':
            str += '\r';
            break;
          // carriage return
          case 't':
            str += '\t';
            break;
          // horizontal tab
          case 'v':
            str += '\v';
            break;
          // vertical tab
          case 'N':
            str += '\u0085';
            break;
          // Unicode next line
          case '_':
            str += '\u00a0';
            break;
          // Unicode non-breaking space
          case 'L':
            str += '\u2028';
            break;
          // Unicode line separator
          case 'P':
            str += '\u2029';
            break;
          // Unicode paragraph separator
          case ' ':
            str += ' ';
            break;
          case '"':
            str += '"';
            break;
          case '/':
            str += '/';
            break;
          case '\\':
            str += '\\';
            break;
          case '\t':
            str += '\t';
            break;
          case 'x':
            str += this.parseCharCode(i + 1, 2, errors);
            i += 2;
            break;
          case 'u':
            str += this.parseCharCode(i + 1, 4, errors);
            i += 4;
            break;
          case 'U':
            str += this.parseCharCode(i + 1, 8, errors);
            i += 8;
            break;
          case '\n':
            // skip escaped newlines, but still trim the following line
            while (src[i + 1] === ' ' || src[i + 1] === '\t') i += 1;
            break;
          default:
            errors.push(new PlainValue.YAMLSyntaxError(this, `Invalid escape sequence ${src.substr(i - 1, 2)}`));
            str += '\\' + src[i];
        }
      } else if (ch === ' ' || ch === '\t') {
        // trim trailing whitespace
        const wsStart = i;
        let next = src[i + 1];
        while (next === ' ' || next === '\t') {
          i += 1;
          next = src[i + 1];
        }
        if (next !== '\n') str += i > wsStart ? src.slice(wsStart, i + 1) : ch;
      } else {
        str += ch;
      }
    }
    return errors.length > 0 ? {
      errors,
      str
    } : str;
  }
  parseCharCode(offset, length, errors) {
    const {
      src
    } = this.context;
    const cc = src.substr(offset, length);
    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
    const code = ok ? parseInt(cc, 16) : NaN;
    if (isNaN(code)) {
      errors.push(new PlainValue.YAMLSyntaxError(this, `Invalid escape sequence ${src.substr(offset - 2, length + 2)}`));
      return src.substr(offset - 2, length + 2);
    }
    return String.fromCodePoint(code);
  }

  /**
   * Parses a "double quoted" value from the source
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this scalar
   */
  parse(context, start) {
    this.context = context;
    const {
      src
    } = context;
    let offset = QuoteDouble.endOfQuote(src, start + 1);
    this.valueRange = new PlainValue.Range(start, offset);
    offset = PlainValue.Node.endOfWhiteSpace(src, offset);
    offset = this.parseComment(offset);
    return offset;
  }
}

class QuoteSingle extends PlainValue.Node {
  static endOfQuote(src, offset) {
    let ch = src[offset];
    while (ch) {
      if (ch === "'") {
        if (src[offset + 1] !== "'") break;
        ch = src[offset += 2];
      } else {
        ch = src[offset += 1];
      }
    }
    return offset + 1;
  }

  /**
   * @returns {string | { str: string, errors: YAMLSyntaxError[] }}
   */
  get strValue() {
    if (!this.valueRange || !this.context) return null;
    const errors = [];
    const {
      start,
      end
    } = this.valueRange;
    const {
      indent,
      src
    } = this.context;
    if (src[end - 1] !== "'") errors.push(new PlainValue.YAMLSyntaxError(this, "Missing closing 'quote"));
    let str = '';
    for (let i = start + 1; i < end - 1; ++i) {
      const ch = src[i];
      if (ch === '\n') {
        if (PlainValue.Node.atDocumentBoundary(src, i + 1)) errors.push(new PlainValue.YAMLSemanticError(this, 'Document boundary indicators are not allowed within string values'));
        const {
          fold,
          offset,
          error
        } = PlainValue.Node.foldNewline(src, i, indent);
        str += fold;
        i = offset;
        if (error) errors.push(new PlainValue.YAMLSemanticError(this, 'Multi-line single-quoted string needs to be sufficiently indented'));
      } else if (ch === "'") {
        str += ch;
        i += 1;
        if (src[i] !== "'") errors.push(new PlainValue.YAMLSyntaxError(this, 'Unescaped single quote? This should not happen.'));
      } else if (ch === ' ' || ch === '\t') {
        // trim trailing whitespace
        const wsStart = i;
        let next = src[i + 1];
        while (next === ' ' || next === '\t') {
          i += 1;
          next = src[i + 1];
        }
        if (next !== '\n') str += i > wsStart ? src.slice(wsStart, i + 1) : ch;
      } else {
        str += ch;
      }
    }
    return errors.length > 0 ? {
      errors,
      str
    } : str;
  }

  /**
   * Parses a 'single quoted' value from the source
   *
   * @param {ParseContext} context
   * @param {number} start - Index of first character
   * @returns {number} - Index of the character after this scalar
   */
  parse(context, start) {
    this.context = context;
    const {
      src
    } = context;
    let offset = QuoteSingle.endOfQuote(src, start + 1);
    this.valueRange = new PlainValue.Range(start, offset);
    offset = PlainValue.Node.endOfWhiteSpace(src, offset);
    offset = this.parseComment(offset);
    return offset;
  }
}

function createNewNode(type, props) {
  switch (type) {
    case PlainValue.Type.ALIAS:
      return new Alias(type, props);
    case PlainValue.Type.BLOCK_FOLDED:
    case PlainValue.Type.BLOCK_LITERAL:
      return new BlockValue(type, props);
    case PlainValue.Type.FLOW_MAP:
    case PlainValue.Type.FLOW_SEQ:
      return new FlowCollection(type, props);
    case PlainValue.Type.MAP_KEY:
    case PlainValue.Type.MAP_VALUE:
    case PlainValue.Type.SEQ_ITEM:
      return new CollectionItem(type, props);
    case PlainValue.Type.COMMENT:
    case PlainValue.Type.PLAIN:
      return new PlainValue.PlainValue(type, props);
    case PlainValue.Type.QUOTE_DOUBLE:
      return new QuoteDouble(type, props);
    case PlainValue.Type.QUOTE_SINGLE:
      return new QuoteSingle(type, props);
    /* istanbul ignore next */
    default:
      return null;
    // should never happen
  }
}

/**
 * @param {boolean} atLineStart - Node starts at beginning of line
 * @param {boolean} inFlow - true if currently in a flow context
 * @param {boolean} inCollection - true if currently in a collection context
 * @param {number} indent - Current level of indentation
 * @param {number} lineStart - Start of the current line
 * @param {Node} parent - The parent of the node
 * @param {string} src - Source of the YAML document
 */
class ParseContext {
  static parseType(src, offset, inFlow) {
    switch (src[offset]) {
      case '*':
        return PlainValue.Type.ALIAS;
      case '>':
        return PlainValue.Type.BLOCK_FOLDED;
      case '|':
        return PlainValue.Type.BLOCK_LITERAL;
      case '{':
        return PlainValue.Type.FLOW_MAP;
      case '[':
        return PlainValue.Type.FLOW_SEQ;
      case '?':
        return !inFlow && PlainValue.Node.atBlank(src, offset + 1, true) ? PlainValue.Type.MAP_KEY : PlainValue.Type.PLAIN;
      case ':':
        return !inFlow && PlainValue.Node.atBlank(src, offset + 1, true) ? PlainValue.Type.MAP_VALUE : PlainValue.Type.PLAIN;
      case '-':
        return !inFlow && PlainValue.Node.atBlank(src, offset + 1, true) ? PlainValue.Type.SEQ_ITEM : PlainValue.Type.PLAIN;
      case '"':
        return PlainValue.Type.QUOTE_DOUBLE;
      case "'":
        return PlainValue.Type.QUOTE_SINGLE;
      default:
        return PlainValue.Type.PLAIN;
    }
  }
  constructor(orig = {}, {
    atLineStart,
    inCollection,
    inFlow,
    indent,
    lineStart,
    parent
  } = {}) {
    /**
     * Parses a node from the source
     * @param {ParseContext} overlay
     * @param {number} start - Index of first non-whitespace character for the node
     * @returns {?Node} - null if at a document boundary
     */
    PlainValue._defineProperty(this, "parseNode", (overlay, start) => {
      if (PlainValue.Node.atDocumentBoundary(this.src, start)) return null;
      const context = new ParseContext(this, overlay);
      const {
        props,
        type,
        valueStart
      } = context.parseProps(start);
      const node = createNewNode(type, props);
      let offset = start;
      try {
        offset = node.parse(context, valueStart);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        if (!node.error) node.error = new PlainValue.YAMLSyntaxError(node, msg);
      }
      node.range = new PlainValue.Range(start, offset);
      /* istanbul ignore if */
      if (offset <= start) {
        // This should never happen, but if it does, let's make sure to at least
        // step one character forward to avoid a busy loop.
        if (!node.error) node.error = new Error(`Node#parse consumed no characters`);
        node.error.parseEnd = offset;
        node.error.source = node;
        node.range.end = start + 1;
      }
      if (context.nodeStartsCollection(node)) {
        if (!node.error && !context.atLineStart && context.parent.type === PlainValue.Type.DOCUMENT) {
          node.error = new PlainValue.YAMLSyntaxError(node, 'Block collection must not have preceding content here (e.g. directives-end indicator)');
        }
        const collection = new Collection(node);
        offset = collection.parse(new ParseContext(context), offset);
        collection.range = new PlainValue.Range(start, offset);
        return collection;
      }
      return node;
    });
    this.atLineStart = atLineStart != null ? atLineStart : orig.atLineStart || false;
    this.inCollection = inCollection != null ? inCollection : orig.inCollection || false;
    this.inFlow = inFlow != null ? inFlow : orig.inFlow || false;
    this.indent = indent != null ? indent : orig.indent;
    this.lineStart = lineStart != null ? lineStart : orig.lineStart;
    this.parent = parent != null ? parent : orig.parent || {};
    this.root = orig.root;
    this.src = orig.src;
  }
  nodeStartsCollection(node) {
    const {
      inCollection,
      inFlow,
      src
    } = this;
    if (inCollection || inFlow) return false;
    if (node instanceof CollectionItem) return true;
    // check for implicit key
    let offset = node.range.end;
    if (src[offset] === '\n' || src[offset - 1] === '\n') return false;
    offset = PlainValue.Node.endOfWhiteSpace(src, offset);
    return src[offset] === ':';
  }

  // Anchor and tag are before type, which determines the node implementation
  // class; hence this intermediate step.
  parseProps(offset) {
    const {
      inFlow,
      parent,
      src
    } = this;
    const props = [];
    let lineHasProps = false;
    offset = this.atLineStart ? PlainValue.Node.endOfIndent(src, offset) : PlainValue.Node.endOfWhiteSpace(src, offset);
    let ch = src[offset];
    while (ch === PlainValue.Char.ANCHOR || ch === PlainValue.Char.COMMENT || ch === PlainValue.Char.TAG || ch === '\n') {
      if (ch === '\n') {
        let inEnd = offset;
        let lineStart;
        do {
          lineStart = inEnd + 1;
          inEnd = PlainValue.Node.endOfIndent(src, lineStart);
        } while (src[inEnd] === '\n');
        const indentDiff = inEnd - (lineStart + this.indent);
        const noIndicatorAsIndent = parent.type === PlainValue.Type.SEQ_ITEM && parent.context.atLineStart;
        if (src[inEnd] !== '#' && !PlainValue.Node.nextNodeIsIndented(src[inEnd], indentDiff, !noIndicatorAsIndent)) break;
        this.atLineStart = true;
        this.lineStart = lineStart;
        lineHasProps = false;
        offset = inEnd;
      } else if (ch === PlainValue.Char.COMMENT) {
        const end = PlainValue.Node.endOfLine(src, offset + 1);
        props.push(new PlainValue.Range(offset, end));
        offset = end;
      } else {
        let end = PlainValue.Node.endOfIdentifier(src, offset + 1);
        if (ch === PlainValue.Char.TAG && src[end] === ',' && /^[a-zA-Z0-9-]+\.[a-zA-Z0-9-]+,\d\d\d\d(-\d\d){0,2}\/\S/.test(src.slice(offset + 1, end + 13))) {
          // Let's presume we're dealing with a YAML 1.0 domain tag here, rather
          // than an empty but 'foo.bar' private-tagged node in a flow collection
          // followed without whitespace by a plain string starting with a year
          // or date divided by something.
          end = PlainValue.Node.endOfIdentifier(src, end + 5);
        }
        props.push(new PlainValue.Range(offset, end));
        lineHasProps = true;
        offset = PlainValue.Node.endOfWhiteSpace(src, end);
      }
      ch = src[offset];
    }
    // '- &a : b' has an anchor on an empty node
    if (lineHasProps && ch === ':' && PlainValue.Node.atBlank(src, offset + 1, true)) offset -= 1;
    const type = ParseContext.parseType(src, offset, inFlow);
    return {
      props,
      type,
      valueStart: offset
    };
  }
}

// Published as 'yaml/parse-cst'
function parse(src) {
  const cr = [];
  if (src.indexOf('\r') !== -1) {
    src = src.replace(/\r\n?/g, (match, offset) => {
      if (match.length > 1) cr.push(offset);
      return '\n';
    });
  }
  const documents = [];
  let offset = 0;
  do {
    const doc = new Document();
    const context = new ParseContext({
      src
    });
    offset = doc.parse(context, offset);
    documents.push(doc);
  } while (offset < src.length);
  documents.setOrigRanges = () => {
    if (cr.length === 0) return false;
    for (let i = 1; i < cr.length; ++i) cr[i] -= i;
    let crOffset = 0;
    for (let i = 0; i < documents.length; ++i) {
      crOffset = documents[i].setOrigRanges(cr, crOffset);
    }
    cr.splice(0, cr.length);
    return true;
  };
  documents.toString = () => documents.join('...\n');
  return documents;
}

exports.parse = parse;


/***/ }),

/***/ 724:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var PlainValue = __nccwpck_require__(418);

function addCommentBefore(str, indent, comment) {
  if (!comment) return str;
  const cc = comment.replace(/[\s\S]^/gm, `$&${indent}#`);
  return `#${cc}\n${indent}${str}`;
}
function addComment(str, indent, comment) {
  return !comment ? str : comment.indexOf('\n') === -1 ? `${str} #${comment}` : `${str}\n` + comment.replace(/^/gm, `${indent || ''}#`);
}

class Node {}

function toJSON(value, arg, ctx) {
  if (Array.isArray(value)) return value.map((v, i) => toJSON(v, String(i), ctx));
  if (value && typeof value.toJSON === 'function') {
    const anchor = ctx && ctx.anchors && ctx.anchors.get(value);
    if (anchor) ctx.onCreate = res => {
      anchor.res = res;
      delete ctx.onCreate;
    };
    const res = value.toJSON(arg, ctx);
    if (anchor && ctx.onCreate) ctx.onCreate(res);
    return res;
  }
  if ((!ctx || !ctx.keep) && typeof value === 'bigint') return Number(value);
  return value;
}

class Scalar extends Node {
  constructor(value) {
    super();
    this.value = value;
  }
  toJSON(arg, ctx) {
    return ctx && ctx.keep ? this.value : toJSON(this.value, arg, ctx);
  }
  toString() {
    return String(this.value);
  }
}

function collectionFromPath(schema, path, value) {
  let v = value;
  for (let i = path.length - 1; i >= 0; --i) {
    const k = path[i];
    if (Number.isInteger(k) && k >= 0) {
      const a = [];
      a[k] = v;
      v = a;
    } else {
      const o = {};
      Object.defineProperty(o, k, {
        value: v,
        writable: true,
        enumerable: true,
        configurable: true
      });
      v = o;
    }
  }
  return schema.createNode(v, false);
}

// null, undefined, or an empty non-string iterable (e.g. [])
const isEmptyPath = path => path == null || typeof path === 'object' && path[Symbol.iterator]().next().done;
class Collection extends Node {
  constructor(schema) {
    super();
    PlainValue._defineProperty(this, "items", []);
    this.schema = schema;
  }
  addIn(path, value) {
    if (isEmptyPath(path)) this.add(value);else {
      const [key, ...rest] = path;
      const node = this.get(key, true);
      if (node instanceof Collection) node.addIn(rest, value);else if (node === undefined && this.schema) this.set(key, collectionFromPath(this.schema, rest, value));else throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
  }
  deleteIn([key, ...rest]) {
    if (rest.length === 0) return this.delete(key);
    const node = this.get(key, true);
    if (node instanceof Collection) return node.deleteIn(rest);else throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
  }
  getIn([key, ...rest], keepScalar) {
    const node = this.get(key, true);
    if (rest.length === 0) return !keepScalar && node instanceof Scalar ? node.value : node;else return node instanceof Collection ? node.getIn(rest, keepScalar) : undefined;
  }
  hasAllNullValues() {
    return this.items.every(node => {
      if (!node || node.type !== 'PAIR') return false;
      const n = node.value;
      return n == null || n instanceof Scalar && n.value == null && !n.commentBefore && !n.comment && !n.tag;
    });
  }
  hasIn([key, ...rest]) {
    if (rest.length === 0) return this.has(key);
    const node = this.get(key, true);
    return node instanceof Collection ? node.hasIn(rest) : false;
  }
  setIn([key, ...rest], value) {
    if (rest.length === 0) {
      this.set(key, value);
    } else {
      const node = this.get(key, true);
      if (node instanceof Collection) node.setIn(rest, value);else if (node === undefined && this.schema) this.set(key, collectionFromPath(this.schema, rest, value));else throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
  }

  // overridden in implementations
  /* istanbul ignore next */
  toJSON() {
    return null;
  }
  toString(ctx, {
    blockItem,
    flowChars,
    isMap,
    itemIndent
  }, onComment, onChompKeep) {
    const {
      indent,
      indentStep,
      stringify
    } = ctx;
    const inFlow = this.type === PlainValue.Type.FLOW_MAP || this.type === PlainValue.Type.FLOW_SEQ || ctx.inFlow;
    if (inFlow) itemIndent += indentStep;
    const allNullValues = isMap && this.hasAllNullValues();
    ctx = Object.assign({}, ctx, {
      allNullValues,
      indent: itemIndent,
      inFlow,
      type: null
    });
    let chompKeep = false;
    let hasItemWithNewLine = false;
    const nodes = this.items.reduce((nodes, item, i) => {
      let comment;
      if (item) {
        if (!chompKeep && item.spaceBefore) nodes.push({
          type: 'comment',
          str: ''
        });
        if (item.commentBefore) item.commentBefore.match(/^.*$/gm).forEach(line => {
          nodes.push({
            type: 'comment',
            str: `#${line}`
          });
        });
        if (item.comment) comment = item.comment;
        if (inFlow && (!chompKeep && item.spaceBefore || item.commentBefore || item.comment || item.key && (item.key.commentBefore || item.key.comment) || item.value && (item.value.commentBefore || item.value.comment))) hasItemWithNewLine = true;
      }
      chompKeep = false;
      let str = stringify(item, ctx, () => comment = null, () => chompKeep = true);
      if (inFlow && !hasItemWithNewLine && str.includes('\n')) hasItemWithNewLine = true;
      if (inFlow && i < this.items.length - 1) str += ',';
      str = addComment(str, itemIndent, comment);
      if (chompKeep && (comment || inFlow)) chompKeep = false;
      nodes.push({
        type: 'item',
        str
      });
      return nodes;
    }, []);
    let str;
    if (nodes.length === 0) {
      str = flowChars.start + flowChars.end;
    } else if (inFlow) {
      const {
        start,
        end
      } = flowChars;
      const strings = nodes.map(n => n.str);
      if (hasItemWithNewLine || strings.reduce((sum, str) => sum + str.length + 2, 2) > Collection.maxFlowStringSingleLineLength) {
        str = start;
        for (const s of strings) {
          str += s ? `\n${indentStep}${indent}${s}` : '\n';
        }
        str += `\n${indent}${end}`;
      } else {
        str = `${start} ${strings.join(' ')} ${end}`;
      }
    } else {
      const strings = nodes.map(blockItem);
      str = strings.shift();
      for (const s of strings) str += s ? `\n${indent}${s}` : '\n';
    }
    if (this.comment) {
      str += '\n' + this.comment.replace(/^/gm, `${indent}#`);
      if (onComment) onComment();
    } else if (chompKeep && onChompKeep) onChompKeep();
    return str;
  }
}
PlainValue._defineProperty(Collection, "maxFlowStringSingleLineLength", 60);

function asItemIndex(key) {
  let idx = key instanceof Scalar ? key.value : key;
  if (idx && typeof idx === 'string') idx = Number(idx);
  return Number.isInteger(idx) && idx >= 0 ? idx : null;
}
class YAMLSeq extends Collection {
  add(value) {
    this.items.push(value);
  }
  delete(key) {
    const idx = asItemIndex(key);
    if (typeof idx !== 'number') return false;
    const del = this.items.splice(idx, 1);
    return del.length > 0;
  }
  get(key, keepScalar) {
    const idx = asItemIndex(key);
    if (typeof idx !== 'number') return undefined;
    const it = this.items[idx];
    return !keepScalar && it instanceof Scalar ? it.value : it;
  }
  has(key) {
    const idx = asItemIndex(key);
    return typeof idx === 'number' && idx < this.items.length;
  }
  set(key, value) {
    const idx = asItemIndex(key);
    if (typeof idx !== 'number') throw new Error(`Expected a valid index, not ${key}.`);
    this.items[idx] = value;
  }
  toJSON(_, ctx) {
    const seq = [];
    if (ctx && ctx.onCreate) ctx.onCreate(seq);
    let i = 0;
    for (const item of this.items) seq.push(toJSON(item, String(i++), ctx));
    return seq;
  }
  toString(ctx, onComment, onChompKeep) {
    if (!ctx) return JSON.stringify(this);
    return super.toString(ctx, {
      blockItem: n => n.type === 'comment' ? n.str : `- ${n.str}`,
      flowChars: {
        start: '[',
        end: ']'
      },
      isMap: false,
      itemIndent: (ctx.indent || '') + '  '
    }, onComment, onChompKeep);
  }
}

const stringifyKey = (key, jsKey, ctx) => {
  if (jsKey === null) return '';
  if (typeof jsKey !== 'object') return String(jsKey);
  if (key instanceof Node && ctx && ctx.doc) return key.toString({
    anchors: Object.create(null),
    doc: ctx.doc,
    indent: '',
    indentStep: ctx.indentStep,
    inFlow: true,
    inStringifyKey: true,
    stringify: ctx.stringify
  });
  return JSON.stringify(jsKey);
};
class Pair extends Node {
  constructor(key, value = null) {
    super();
    this.key = key;
    this.value = value;
    this.type = Pair.Type.PAIR;
  }
  get commentBefore() {
    return this.key instanceof Node ? this.key.commentBefore : undefined;
  }
  set commentBefore(cb) {
    if (this.key == null) this.key = new Scalar(null);
    if (this.key instanceof Node) this.key.commentBefore = cb;else {
      const msg = 'Pair.commentBefore is an alias for Pair.key.commentBefore. To set it, the key must be a Node.';
      throw new Error(msg);
    }
  }
  addToJSMap(ctx, map) {
    const key = toJSON(this.key, '', ctx);
    if (map instanceof Map) {
      const value = toJSON(this.value, key, ctx);
      map.set(key, value);
    } else if (map instanceof Set) {
      map.add(key);
    } else {
      const stringKey = stringifyKey(this.key, key, ctx);
      const value = toJSON(this.value, stringKey, ctx);
      if (stringKey in map) Object.defineProperty(map, stringKey, {
        value,
        writable: true,
        enumerable: true,
        configurable: true
      });else map[stringKey] = value;
    }
    return map;
  }
  toJSON(_, ctx) {
    const pair = ctx && ctx.mapAsMap ? new Map() : {};
    return this.addToJSMap(ctx, pair);
  }
  toString(ctx, onComment, onChompKeep) {
    if (!ctx || !ctx.doc) return JSON.stringify(this);
    const {
      indent: indentSize,
      indentSeq,
      simpleKeys
    } = ctx.doc.options;
    let {
      key,
      value
    } = this;
    let keyComment = key instanceof Node && key.comment;
    if (simpleKeys) {
      if (keyComment) {
        throw new Error('With simple keys, key nodes cannot have comments');
      }
      if (key instanceof Collection) {
        const msg = 'With simple keys, collection cannot be used as a key value';
        throw new Error(msg);
      }
    }
    let explicitKey = !simpleKeys && (!key || keyComment || (key instanceof Node ? key instanceof Collection || key.type === PlainValue.Type.BLOCK_FOLDED || key.type === PlainValue.Type.BLOCK_LITERAL : typeof key === 'object'));
    const {
      doc,
      indent,
      indentStep,
      stringify
    } = ctx;
    ctx = Object.assign({}, ctx, {
      implicitKey: !explicitKey,
      indent: indent + indentStep
    });
    let chompKeep = false;
    let str = stringify(key, ctx, () => keyComment = null, () => chompKeep = true);
    str = addComment(str, ctx.indent, keyComment);
    if (!explicitKey && str.length > 1024) {
      if (simpleKeys) throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
      explicitKey = true;
    }
    if (ctx.allNullValues && !simpleKeys) {
      if (this.comment) {
        str = addComment(str, ctx.indent, this.comment);
        if (onComment) onComment();
      } else if (chompKeep && !keyComment && onChompKeep) onChompKeep();
      return ctx.inFlow && !explicitKey ? str : `? ${str}`;
    }
    str = explicitKey ? `? ${str}\n${indent}:` : `${str}:`;
    if (this.comment) {
      // expected (but not strictly required) to be a single-line comment
      str = addComment(str, ctx.indent, this.comment);
      if (onComment) onComment();
    }
    let vcb = '';
    let valueComment = null;
    if (value instanceof Node) {
      if (value.spaceBefore) vcb = '\n';
      if (value.commentBefore) {
        const cs = value.commentBefore.replace(/^/gm, `${ctx.indent}#`);
        vcb += `\n${cs}`;
      }
      valueComment = value.comment;
    } else if (value && typeof value === 'object') {
      value = doc.schema.createNode(value, true);
    }
    ctx.implicitKey = false;
    if (!explicitKey && !this.comment && value instanceof Scalar) ctx.indentAtStart = str.length + 1;
    chompKeep = false;
    if (!indentSeq && indentSize >= 2 && !ctx.inFlow && !explicitKey && value instanceof YAMLSeq && value.type !== PlainValue.Type.FLOW_SEQ && !value.tag && !doc.anchors.getName(value)) {
      // If indentSeq === false, consider '- ' as part of indentation where possible
      ctx.indent = ctx.indent.substr(2);
    }
    const valueStr = stringify(value, ctx, () => valueComment = null, () => chompKeep = true);
    let ws = ' ';
    if (vcb || this.comment) {
      ws = `${vcb}\n${ctx.indent}`;
    } else if (!explicitKey && value instanceof Collection) {
      const flow = valueStr[0] === '[' || valueStr[0] === '{';
      if (!flow || valueStr.includes('\n')) ws = `\n${ctx.indent}`;
    } else if (valueStr[0] === '\n') ws = '';
    if (chompKeep && !valueComment && onChompKeep) onChompKeep();
    return addComment(str + ws + valueStr, ctx.indent, valueComment);
  }
}
PlainValue._defineProperty(Pair, "Type", {
  PAIR: 'PAIR',
  MERGE_PAIR: 'MERGE_PAIR'
});

const getAliasCount = (node, anchors) => {
  if (node instanceof Alias) {
    const anchor = anchors.get(node.source);
    return anchor.count * anchor.aliasCount;
  } else if (node instanceof Collection) {
    let count = 0;
    for (const item of node.items) {
      const c = getAliasCount(item, anchors);
      if (c > count) count = c;
    }
    return count;
  } else if (node instanceof Pair) {
    const kc = getAliasCount(node.key, anchors);
    const vc = getAliasCount(node.value, anchors);
    return Math.max(kc, vc);
  }
  return 1;
};
class Alias extends Node {
  static stringify({
    range,
    source
  }, {
    anchors,
    doc,
    implicitKey,
    inStringifyKey
  }) {
    let anchor = Object.keys(anchors).find(a => anchors[a] === source);
    if (!anchor && inStringifyKey) anchor = doc.anchors.getName(source) || doc.anchors.newName();
    if (anchor) return `*${anchor}${implicitKey ? ' ' : ''}`;
    const msg = doc.anchors.getName(source) ? 'Alias node must be after source node' : 'Source node not found for alias node';
    throw new Error(`${msg} [${range}]`);
  }
  constructor(source) {
    super();
    this.source = source;
    this.type = PlainValue.Type.ALIAS;
  }
  set tag(t) {
    throw new Error('Alias nodes cannot have tags');
  }
  toJSON(arg, ctx) {
    if (!ctx) return toJSON(this.source, arg, ctx);
    const {
      anchors,
      maxAliasCount
    } = ctx;
    const anchor = anchors.get(this.source);
    /* istanbul ignore if */
    if (!anchor || anchor.res === undefined) {
      const msg = 'This should not happen: Alias anchor was not resolved?';
      if (this.cstNode) throw new PlainValue.YAMLReferenceError(this.cstNode, msg);else throw new ReferenceError(msg);
    }
    if (maxAliasCount >= 0) {
      anchor.count += 1;
      if (anchor.aliasCount === 0) anchor.aliasCount = getAliasCount(this.source, anchors);
      if (anchor.count * anchor.aliasCount > maxAliasCount) {
        const msg = 'Excessive alias count indicates a resource exhaustion attack';
        if (this.cstNode) throw new PlainValue.YAMLReferenceError(this.cstNode, msg);else throw new ReferenceError(msg);
      }
    }
    return anchor.res;
  }

  // Only called when stringifying an alias mapping key while constructing
  // Object output.
  toString(ctx) {
    return Alias.stringify(this, ctx);
  }
}
PlainValue._defineProperty(Alias, "default", true);

function findPair(items, key) {
  const k = key instanceof Scalar ? key.value : key;
  for (const it of items) {
    if (it instanceof Pair) {
      if (it.key === key || it.key === k) return it;
      if (it.key && it.key.value === k) return it;
    }
  }
  return undefined;
}
class YAMLMap extends Collection {
  add(pair, overwrite) {
    if (!pair) pair = new Pair(pair);else if (!(pair instanceof Pair)) pair = new Pair(pair.key || pair, pair.value);
    const prev = findPair(this.items, pair.key);
    const sortEntries = this.schema && this.schema.sortMapEntries;
    if (prev) {
      if (overwrite) prev.value = pair.value;else throw new Error(`Key ${pair.key} already set`);
    } else if (sortEntries) {
      const i = this.items.findIndex(item => sortEntries(pair, item) < 0);
      if (i === -1) this.items.push(pair);else this.items.splice(i, 0, pair);
    } else {
      this.items.push(pair);
    }
  }
  delete(key) {
    const it = findPair(this.items, key);
    if (!it) return false;
    const del = this.items.splice(this.items.indexOf(it), 1);
    return del.length > 0;
  }
  get(key, keepScalar) {
    const it = findPair(this.items, key);
    const node = it && it.value;
    return !keepScalar && node instanceof Scalar ? node.value : node;
  }
  has(key) {
    return !!findPair(this.items, key);
  }
  set(key, value) {
    this.add(new Pair(key, value), true);
  }

  /**
   * @param {*} arg ignored
   * @param {*} ctx Conversion context, originally set in Document#toJSON()
   * @param {Class} Type If set, forces the returned collection type
   * @returns {*} Instance of Type, Map, or Object
   */
  toJSON(_, ctx, Type) {
    const map = Type ? new Type() : ctx && ctx.mapAsMap ? new Map() : {};
    if (ctx && ctx.onCreate) ctx.onCreate(map);
    for (const item of this.items) item.addToJSMap(ctx, map);
    return map;
  }
  toString(ctx, onComment, onChompKeep) {
    if (!ctx) return JSON.stringify(this);
    for (const item of this.items) {
      if (!(item instanceof Pair)) throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
    }
    return super.toString(ctx, {
      blockItem: n => n.str,
      flowChars: {
        start: '{',
        end: '}'
      },
      isMap: true,
      itemIndent: ctx.indent || ''
    }, onComment, onChompKeep);
  }
}

const MERGE_KEY = '<<';
class Merge extends Pair {
  constructor(pair) {
    if (pair instanceof Pair) {
      let seq = pair.value;
      if (!(seq instanceof YAMLSeq)) {
        seq = new YAMLSeq();
        seq.items.push(pair.value);
        seq.range = pair.value.range;
      }
      super(pair.key, seq);
      this.range = pair.range;
    } else {
      super(new Scalar(MERGE_KEY), new YAMLSeq());
    }
    this.type = Pair.Type.MERGE_PAIR;
  }

  // If the value associated with a merge key is a single mapping node, each of
  // its key/value pairs is inserted into the current mapping, unless the key
  // already exists in it. If the value associated with the merge key is a
  // sequence, then this sequence is expected to contain mapping nodes and each
  // of these nodes is merged in turn according to its order in the sequence.
  // Keys in mapping nodes earlier in the sequence override keys specified in
  // later mapping nodes. -- http://yaml.org/type/merge.html
  addToJSMap(ctx, map) {
    for (const {
      source
    } of this.value.items) {
      if (!(source instanceof YAMLMap)) throw new Error('Merge sources must be maps');
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key)) map.set(key, value);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
    }
    return map;
  }
  toString(ctx, onComment) {
    const seq = this.value;
    if (seq.items.length > 1) return super.toString(ctx, onComment);
    this.value = seq.items[0];
    const str = super.toString(ctx, onComment);
    this.value = seq;
    return str;
  }
}

const binaryOptions = {
  defaultType: PlainValue.Type.BLOCK_LITERAL,
  lineWidth: 76
};
const boolOptions = {
  trueStr: 'true',
  falseStr: 'false'
};
const intOptions = {
  asBigInt: false
};
const nullOptions = {
  nullStr: 'null'
};
const strOptions = {
  defaultType: PlainValue.Type.PLAIN,
  doubleQuoted: {
    jsonEncoding: false,
    minMultiLineLength: 40
  },
  fold: {
    lineWidth: 80,
    minContentWidth: 20
  }
};

// falls back to string on no match
function resolveScalar(str, tags, scalarFallback) {
  for (const {
    format,
    test,
    resolve
  } of tags) {
    if (test) {
      const match = str.match(test);
      if (match) {
        let res = resolve.apply(null, match);
        if (!(res instanceof Scalar)) res = new Scalar(res);
        if (format) res.format = format;
        return res;
      }
    }
  }
  if (scalarFallback) str = scalarFallback(str);
  return new Scalar(str);
}

const FOLD_FLOW = 'flow';
const FOLD_BLOCK = 'block';
const FOLD_QUOTED = 'quoted';

// presumes i+1 is at the start of a line
// returns index of last newline in more-indented block
const consumeMoreIndentedLines = (text, i) => {
  let ch = text[i + 1];
  while (ch === ' ' || ch === '\t') {
    do {
      ch = text[i += 1];
    } while (ch && ch !== '\n');
    ch = text[i + 1];
  }
  return i;
};

/**
 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
 * terminated with `\n` and started with `indent`.
 *
 * @param {string} text
 * @param {string} indent
 * @param {string} [mode='flow'] `'block'` prevents more-indented lines
 *   from being folded; `'quoted'` allows for `\` escapes, including escaped
 *   newlines
 * @param {Object} options
 * @param {number} [options.indentAtStart] Accounts for leading contents on
 *   the first line, defaulting to `indent.length`
 * @param {number} [options.lineWidth=80]
 * @param {number} [options.minContentWidth=20] Allow highly indented lines to
 *   stretch the line width or indent content from the start
 * @param {function} options.onFold Called once if the text is folded
 * @param {function} options.onFold Called once if any line of text exceeds
 *   lineWidth characters
 */
function foldFlowLines(text, indent, mode, {
  indentAtStart,
  lineWidth = 80,
  minContentWidth = 20,
  onFold,
  onOverflow
}) {
  if (!lineWidth || lineWidth < 0) return text;
  const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
  if (text.length <= endStep) return text;
  const folds = [];
  const escapedFolds = {};
  let end = lineWidth - indent.length;
  if (typeof indentAtStart === 'number') {
    if (indentAtStart > lineWidth - Math.max(2, minContentWidth)) folds.push(0);else end = lineWidth - indentAtStart;
  }
  let split = undefined;
  let prev = undefined;
  let overflow = false;
  let i = -1;
  let escStart = -1;
  let escEnd = -1;
  if (mode === FOLD_BLOCK) {
    i = consumeMoreIndentedLines(text, i);
    if (i !== -1) end = i + endStep;
  }
  for (let ch; ch = text[i += 1];) {
    if (mode === FOLD_QUOTED && ch === '\\') {
      escStart = i;
      switch (text[i + 1]) {
        case 'x':
          i += 3;
          break;
        case 'u':
          i += 5;
          break;
        case 'U':
          i += 9;
          break;
        default:
          i += 1;
      }
      escEnd = i;
    }
    if (ch === '\n') {
      if (mode === FOLD_BLOCK) i = consumeMoreIndentedLines(text, i);
      end = i + endStep;
      split = undefined;
    } else {
      if (ch === ' ' && prev && prev !== ' ' && prev !== '\n' && prev !== '\t') {
        // space surrounded by non-space can be replaced with newline + indent
        const next = text[i + 1];
        if (next && next !== ' ' && next !== '\n' && next !== '\t') split = i;
      }
      if (i >= end) {
        if (split) {
          folds.push(split);
          end = split + endStep;
          split = undefined;
        } else if (mode === FOLD_QUOTED) {
          // white-space collected at end may stretch past lineWidth
          while (prev === ' ' || prev === '\t') {
            prev = ch;
            ch = text[i += 1];
            overflow = true;
          }
          // Account for newline escape, but don't break preceding escape
          const j = i > escEnd + 1 ? i - 2 : escStart - 1;
          // Bail out if lineWidth & minContentWidth are shorter than an escape string
          if (escapedFolds[j]) return text;
          folds.push(j);
          escapedFolds[j] = true;
          end = j + endStep;
          split = undefined;
        } else {
          overflow = true;
        }
      }
    }
    prev = ch;
  }
  if (overflow && onOverflow) onOverflow();
  if (folds.length === 0) return text;
  if (onFold) onFold();
  let res = text.slice(0, folds[0]);
  for (let i = 0; i < folds.length; ++i) {
    const fold = folds[i];
    const end = folds[i + 1] || text.length;
    if (fold === 0) res = `\n${indent}${text.slice(0, end)}`;else {
      if (mode === FOLD_QUOTED && escapedFolds[fold]) res += `${text[fold]}\\`;
      res += `\n${indent}${text.slice(fold + 1, end)}`;
    }
  }
  return res;
}

const getFoldOptions = ({
  indentAtStart
}) => indentAtStart ? Object.assign({
  indentAtStart
}, strOptions.fold) : strOptions.fold;

// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
// presume that's starting a new document.
const containsDocumentMarker = str => /^(%|---|\.\.\.)/m.test(str);
function lineLengthOverLimit(str, lineWidth, indentLength) {
  if (!lineWidth || lineWidth < 0) return false;
  const limit = lineWidth - indentLength;
  const strLen = str.length;
  if (strLen <= limit) return false;
  for (let i = 0, start = 0; i < strLen; ++i) {
    if (str[i] === '\n') {
      if (i - start > limit) return true;
      start = i + 1;
      if (strLen - start <= limit) return false;
    }
  }
  return true;
}
function doubleQuotedString(value, ctx) {
  const {
    implicitKey
  } = ctx;
  const {
    jsonEncoding,
    minMultiLineLength
  } = strOptions.doubleQuoted;
  const json = JSON.stringify(value);
  if (jsonEncoding) return json;
  const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
  let str = '';
  let start = 0;
  for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
    if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
      // space before newline needs to be escaped to not be folded
      str += json.slice(start, i) + '\\ ';
      i += 1;
      start = i;
      ch = '\\';
    }
    if (ch === '\\') switch (json[i + 1]) {
      case 'u':
        {
          str += json.slice(start, i);
          const code = json.substr(i + 2, 4);
          switch (code) {
            case '0000':
              str += '\\0';
              break;
            case '0007':
              str += '\\a';
              break;
            case '000b':
              str += '\\v';
              break;
            case '001b':
              str += '\\e';
              break;
            case '0085':
              str += '\\N';
              break;
            case '00a0':
              str += '\\_';
              break;
            case '2028':
              str += '\\L';
              break;
            case '2029':
              str += '\\P';
              break;
            default:
              if (code.substr(0, 2) === '00') str += '\\x' + code.substr(2);else str += json.substr(i, 6);
          }
          i += 5;
          start = i + 1;
        }
        break;
      case 'n':
        if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
          i += 1;
        } else {
          // folding will eat first newline
          str += json.slice(start, i) + '\n\n';
          while (json[i + 2] === '\\' && json[i + 3] === 'n' && json[i + 4] !== '"') {
            str += '\n';
            i += 2;
          }
          str += indent;
          // space after newline needs to be escaped to not be folded
          if (json[i + 2] === ' ') str += '\\';
          i += 1;
          start = i + 1;
        }
        break;
      default:
        i += 1;
    }
  }
  str = start ? str + json.slice(start) : json;
  return implicitKey ? str : foldFlowLines(str, indent, FOLD_QUOTED, getFoldOptions(ctx));
}
function singleQuotedString(value, ctx) {
  if (ctx.implicitKey) {
    if (/\n/.test(value)) return doubleQuotedString(value, ctx);
  } else {
    // single quoted string can't have leading or trailing whitespace around newline
    if (/[ \t]\n|\n[ \t]/.test(value)) return doubleQuotedString(value, ctx);
  }
  const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
  const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
  return ctx.implicitKey ? res : foldFlowLines(res, indent, FOLD_FLOW, getFoldOptions(ctx));
}
function blockString({
  comment,
  type,
  value
}, ctx, onComment, onChompKeep) {
  // 1. Block can't end in whitespace unless the last line is non-empty.
  // 2. Strings consisting of only whitespace are best rendered explicitly.
  if (/\n[\t ]+$/.test(value) || /^\s*$/.test(value)) {
    return doubleQuotedString(value, ctx);
  }
  const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
  const indentSize = indent ? '2' : '1'; // root is at -1
  const literal = type === PlainValue.Type.BLOCK_FOLDED ? false : type === PlainValue.Type.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, strOptions.fold.lineWidth, indent.length);
  let header = literal ? '|' : '>';
  if (!value) return header + '\n';
  let wsStart = '';
  let wsEnd = '';
  value = value.replace(/[\n\t ]*$/, ws => {
    const n = ws.indexOf('\n');
    if (n === -1) {
      header += '-'; // strip
    } else if (value === ws || n !== ws.length - 1) {
      header += '+'; // keep
      if (onChompKeep) onChompKeep();
    }
    wsEnd = ws.replace(/\n$/, '');
    return '';
  }).replace(/^[\n ]*/, ws => {
    if (ws.indexOf(' ') !== -1) header += indentSize;
    const m = ws.match(/ +$/);
    if (m) {
      wsStart = ws.slice(0, -m[0].length);
      return m[0];
    } else {
      wsStart = ws;
      return '';
    }
  });
  if (wsEnd) wsEnd = wsEnd.replace(/\n+(?!\n|$)/g, `$&${indent}`);
  if (wsStart) wsStart = wsStart.replace(/\n+/g, `$&${indent}`);
  if (comment) {
    header += ' #' + comment.replace(/ ?[\r\n]+/g, ' ');
    if (onComment) onComment();
  }
  if (!value) return `${header}${indentSize}\n${indent}${wsEnd}`;
  if (literal) {
    value = value.replace(/\n+/g, `$&${indent}`);
    return `${header}\n${indent}${wsStart}${value}${wsEnd}`;
  }
  value = value.replace(/\n+/g, '\n$&').replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
  //         ^ ind.line  ^ empty     ^ capture next empty lines only at end of indent
  .replace(/\n+/g, `$&${indent}`);
  const body = foldFlowLines(`${wsStart}${value}${wsEnd}`, indent, FOLD_BLOCK, strOptions.fold);
  return `${header}\n${indent}${body}`;
}
function plainString(item, ctx, onComment, onChompKeep) {
  const {
    comment,
    type,
    value
  } = item;
  const {
    actualString,
    implicitKey,
    indent,
    inFlow
  } = ctx;
  if (implicitKey && /[\n[\]{},]/.test(value) || inFlow && /[[\]{},]/.test(value)) {
    return doubleQuotedString(value, ctx);
  }
  if (!value || /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
    // not allowed:
    // - empty string, '-' or '?'
    // - start with an indicator character (except [?:-]) or /[?-] /
    // - '\n ', ': ' or ' \n' anywhere
    // - '#' not preceded by a non-space char
    // - end with ' ' or ':'
    return implicitKey || inFlow || value.indexOf('\n') === -1 ? value.indexOf('"') !== -1 && value.indexOf("'") === -1 ? singleQuotedString(value, ctx) : doubleQuotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
  }
  if (!implicitKey && !inFlow && type !== PlainValue.Type.PLAIN && value.indexOf('\n') !== -1) {
    // Where allowed & type not set explicitly, prefer block style for multiline strings
    return blockString(item, ctx, onComment, onChompKeep);
  }
  if (indent === '' && containsDocumentMarker(value)) {
    ctx.forceBlockIndent = true;
    return blockString(item, ctx, onComment, onChompKeep);
  }
  const str = value.replace(/\n+/g, `$&\n${indent}`);
  // Verify that output will be parsed as a string, as e.g. plain numbers and
  // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
  // and others in v1.1.
  if (actualString) {
    const {
      tags
    } = ctx.doc.schema;
    const resolved = resolveScalar(str, tags, tags.scalarFallback).value;
    if (typeof resolved !== 'string') return doubleQuotedString(value, ctx);
  }
  const body = implicitKey ? str : foldFlowLines(str, indent, FOLD_FLOW, getFoldOptions(ctx));
  if (comment && !inFlow && (body.indexOf('\n') !== -1 || comment.indexOf('\n') !== -1)) {
    if (onComment) onComment();
    return addCommentBefore(body, indent, comment);
  }
  return body;
}
function stringifyString(item, ctx, onComment, onChompKeep) {
  const {
    defaultType
  } = strOptions;
  const {
    implicitKey,
    inFlow
  } = ctx;
  let {
    type,
    value
  } = item;
  if (typeof value !== 'string') {
    value = String(value);
    item = Object.assign({}, item, {
      value
    });
  }
  const _stringify = _type => {
    switch (_type) {
      case PlainValue.Type.BLOCK_FOLDED:
      case PlainValue.Type.BLOCK_LITERAL:
        return blockString(item, ctx, onComment, onChompKeep);
      case PlainValue.Type.QUOTE_DOUBLE:
        return doubleQuotedString(value, ctx);
      case PlainValue.Type.QUOTE_SINGLE:
        return singleQuotedString(value, ctx);
      case PlainValue.Type.PLAIN:
        return plainString(item, ctx, onComment, onChompKeep);
      default:
        return null;
    }
  };
  if (type !== PlainValue.Type.QUOTE_DOUBLE && /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(value)) {
    // force double quotes on control characters
    type = PlainValue.Type.QUOTE_DOUBLE;
  } else if ((implicitKey || inFlow) && (type === PlainValue.Type.BLOCK_FOLDED || type === PlainValue.Type.BLOCK_LITERAL)) {
    // should not happen; blocks are not valid inside flow containers
    type = PlainValue.Type.QUOTE_DOUBLE;
  }
  let res = _stringify(type);
  if (res === null) {
    res = _stringify(defaultType);
    if (res === null) throw new Error(`Unsupported default string type ${defaultType}`);
  }
  return res;
}

function stringifyNumber({
  format,
  minFractionDigits,
  tag,
  value
}) {
  if (typeof value === 'bigint') return String(value);
  if (!isFinite(value)) return isNaN(value) ? '.nan' : value < 0 ? '-.inf' : '.inf';
  let n = JSON.stringify(value);
  if (!format && minFractionDigits && (!tag || tag === 'tag:yaml.org,2002:float') && /^\d/.test(n)) {
    let i = n.indexOf('.');
    if (i < 0) {
      i = n.length;
      n += '.';
    }
    let d = minFractionDigits - (n.length - i - 1);
    while (d-- > 0) n += '0';
  }
  return n;
}

function checkFlowCollectionEnd(errors, cst) {
  let char, name;
  switch (cst.type) {
    case PlainValue.Type.FLOW_MAP:
      char = '}';
      name = 'flow map';
      break;
    case PlainValue.Type.FLOW_SEQ:
      char = ']';
      name = 'flow sequence';
      break;
    default:
      errors.push(new PlainValue.YAMLSemanticError(cst, 'Not a flow collection!?'));
      return;
  }
  let lastItem;
  for (let i = cst.items.length - 1; i >= 0; --i) {
    const item = cst.items[i];
    if (!item || item.type !== PlainValue.Type.COMMENT) {
      lastItem = item;
      break;
    }
  }
  if (lastItem && lastItem.char !== char) {
    const msg = `Expected ${name} to end with ${char}`;
    let err;
    if (typeof lastItem.offset === 'number') {
      err = new PlainValue.YAMLSemanticError(cst, msg);
      err.offset = lastItem.offset + 1;
    } else {
      err = new PlainValue.YAMLSemanticError(lastItem, msg);
      if (lastItem.range && lastItem.range.end) err.offset = lastItem.range.end - lastItem.range.start;
    }
    errors.push(err);
  }
}
function checkFlowCommentSpace(errors, comment) {
  const prev = comment.context.src[comment.range.start - 1];
  if (prev !== '\n' && prev !== '\t' && prev !== ' ') {
    const msg = 'Comments must be separated from other tokens by white space characters';
    errors.push(new PlainValue.YAMLSemanticError(comment, msg));
  }
}
function getLongKeyError(source, key) {
  const sk = String(key);
  const k = sk.substr(0, 8) + '...' + sk.substr(-8);
  return new PlainValue.YAMLSemanticError(source, `The "${k}" key is too long`);
}
function resolveComments(collection, comments) {
  for (const {
    afterKey,
    before,
    comment
  } of comments) {
    let item = collection.items[before];
    if (!item) {
      if (comment !== undefined) {
        if (collection.comment) collection.comment += '\n' + comment;else collection.comment = comment;
      }
    } else {
      if (afterKey && item.value) item = item.value;
      if (comment === undefined) {
        if (afterKey || !item.commentBefore) item.spaceBefore = true;
      } else {
        if (item.commentBefore) item.commentBefore += '\n' + comment;else item.commentBefore = comment;
      }
    }
  }
}

// on error, will return { str: string, errors: Error[] }
function resolveString(doc, node) {
  const res = node.strValue;
  if (!res) return '';
  if (typeof res === 'string') return res;
  res.errors.forEach(error => {
    if (!error.source) error.source = node;
    doc.errors.push(error);
  });
  return res.str;
}

function resolveTagHandle(doc, node) {
  const {
    handle,
    suffix
  } = node.tag;
  let prefix = doc.tagPrefixes.find(p => p.handle === handle);
  if (!prefix) {
    const dtp = doc.getDefaults().tagPrefixes;
    if (dtp) prefix = dtp.find(p => p.handle === handle);
    if (!prefix) throw new PlainValue.YAMLSemanticError(node, `The ${handle} tag handle is non-default and was not declared.`);
  }
  if (!suffix) throw new PlainValue.YAMLSemanticError(node, `The ${handle} tag has no suffix.`);
  if (handle === '!' && (doc.version || doc.options.version) === '1.0') {
    if (suffix[0] === '^') {
      doc.warnings.push(new PlainValue.YAMLWarning(node, 'YAML 1.0 ^ tag expansion is not supported'));
      return suffix;
    }
    if (/[:/]/.test(suffix)) {
      // word/foo -> tag:word.yaml.org,2002:foo
      const vocab = suffix.match(/^([a-z0-9-]+)\/(.*)/i);
      return vocab ? `tag:${vocab[1]}.yaml.org,2002:${vocab[2]}` : `tag:${suffix}`;
    }
  }
  return prefix.prefix + decodeURIComponent(suffix);
}
function resolveTagName(doc, node) {
  const {
    tag,
    type
  } = node;
  let nonSpecific = false;
  if (tag) {
    const {
      handle,
      suffix,
      verbatim
    } = tag;
    if (verbatim) {
      if (verbatim !== '!' && verbatim !== '!!') return verbatim;
      const msg = `Verbatim tags aren't resolved, so ${verbatim} is invalid.`;
      doc.errors.push(new PlainValue.YAMLSemanticError(node, msg));
    } else if (handle === '!' && !suffix) {
      nonSpecific = true;
    } else {
      try {
        return resolveTagHandle(doc, node);
      } catch (error) {
        doc.errors.push(error);
      }
    }
  }
  switch (type) {
    case PlainValue.Type.BLOCK_FOLDED:
    case PlainValue.Type.BLOCK_LITERAL:
    case PlainValue.Type.QUOTE_DOUBLE:
    case PlainValue.Type.QUOTE_SINGLE:
      return PlainValue.defaultTags.STR;
    case PlainValue.Type.FLOW_MAP:
    case PlainValue.Type.MAP:
      return PlainValue.defaultTags.MAP;
    case PlainValue.Type.FLOW_SEQ:
    case PlainValue.Type.SEQ:
      return PlainValue.defaultTags.SEQ;
    case PlainValue.Type.PLAIN:
      return nonSpecific ? PlainValue.defaultTags.STR : null;
    default:
      return null;
  }
}

function resolveByTagName(doc, node, tagName) {
  const {
    tags
  } = doc.schema;
  const matchWithTest = [];
  for (const tag of tags) {
    if (tag.tag === tagName) {
      if (tag.test) matchWithTest.push(tag);else {
        const res = tag.resolve(doc, node);
        return res instanceof Collection ? res : new Scalar(res);
      }
    }
  }
  const str = resolveString(doc, node);
  if (typeof str === 'string' && matchWithTest.length > 0) return resolveScalar(str, matchWithTest, tags.scalarFallback);
  return null;
}
function getFallbackTagName({
  type
}) {
  switch (type) {
    case PlainValue.Type.FLOW_MAP:
    case PlainValue.Type.MAP:
      return PlainValue.defaultTags.MAP;
    case PlainValue.Type.FLOW_SEQ:
    case PlainValue.Type.SEQ:
      return PlainValue.defaultTags.SEQ;
    default:
      return PlainValue.defaultTags.STR;
  }
}
function resolveTag(doc, node, tagName) {
  try {
    const res = resolveByTagName(doc, node, tagName);
    if (res) {
      if (tagName && node.tag) res.tag = tagName;
      return res;
    }
  } catch (error) {
    if (error instanceof PlainValue.YAMLError) {
      if (!error.source) error.source = node;
      doc.errors.push(error);
    } else {
      const msg = error instanceof Error ? error.message : String(error);
      doc.errors.push(new PlainValue.YAMLSemanticError(node, msg));
    }
    return null;
  }
  try {
    const fallback = getFallbackTagName(node);
    if (!fallback) throw new Error(`The tag ${tagName} is unavailable`);
    const msg = `The tag ${tagName} is unavailable, falling back to ${fallback}`;
    doc.warnings.push(new PlainValue.YAMLWarning(node, msg));
    const res = resolveByTagName(doc, node, fallback);
    res.tag = tagName;
    return res;
  } catch (error) {
    const refError = new PlainValue.YAMLReferenceError(node, error.message);
    refError.stack = error.stack;
    doc.errors.push(refError);
    return null;
  }
}

const isCollectionItem = node => {
  if (!node) return false;
  const {
    type
  } = node;
  return type === PlainValue.Type.MAP_KEY || type === PlainValue.Type.MAP_VALUE || type === PlainValue.Type.SEQ_ITEM;
};
function resolveNodeProps(errors, node) {
  const comments = {
    before: [],
    after: []
  };
  let hasAnchor = false;
  let hasTag = false;
  const props = isCollectionItem(node.context.parent) ? node.context.parent.props.concat(node.props) : node.props;
  for (const {
    start,
    end
  } of props) {
    switch (node.context.src[start]) {
      case PlainValue.Char.COMMENT:
        {
          if (!node.commentHasRequiredWhitespace(start)) {
            const msg = 'Comments must be separated from other tokens by white space characters';
            errors.push(new PlainValue.YAMLSemanticError(node, msg));
          }
          const {
            header,
            valueRange
          } = node;
          const cc = valueRange && (start > valueRange.start || header && start > header.start) ? comments.after : comments.before;
          cc.push(node.context.src.slice(start + 1, end));
          break;
        }

      // Actual anchor & tag resolution is handled by schema, here we just complain
      case PlainValue.Char.ANCHOR:
        if (hasAnchor) {
          const msg = 'A node can have at most one anchor';
          errors.push(new PlainValue.YAMLSemanticError(node, msg));
        }
        hasAnchor = true;
        break;
      case PlainValue.Char.TAG:
        if (hasTag) {
          const msg = 'A node can have at most one tag';
          errors.push(new PlainValue.YAMLSemanticError(node, msg));
        }
        hasTag = true;
        break;
    }
  }
  return {
    comments,
    hasAnchor,
    hasTag
  };
}
function resolveNodeValue(doc, node) {
  const {
    anchors,
    errors,
    schema
  } = doc;
  if (node.type === PlainValue.Type.ALIAS) {
    const name = node.rawValue;
    const src = anchors.getNode(name);
    if (!src) {
      const msg = `Aliased anchor not found: ${name}`;
      errors.push(new PlainValue.YAMLReferenceError(node, msg));
      return null;
    }

    // Lazy resolution for circular references
    const res = new Alias(src);
    anchors._cstAliases.push(res);
    return res;
  }
  const tagName = resolveTagName(doc, node);
  if (tagName) return resolveTag(doc, node, tagName);
  if (node.type !== PlainValue.Type.PLAIN) {
    const msg = `Failed to resolve ${node.type} node here`;
    errors.push(new PlainValue.YAMLSyntaxError(node, msg));
    return null;
  }
  try {
    const str = resolveString(doc, node);
    return resolveScalar(str, schema.tags, schema.tags.scalarFallback);
  } catch (error) {
    if (!error.source) error.source = node;
    errors.push(error);
    return null;
  }
}

// sets node.resolved on success
function resolveNode(doc, node) {
  if (!node) return null;
  if (node.error) doc.errors.push(node.error);
  const {
    comments,
    hasAnchor,
    hasTag
  } = resolveNodeProps(doc.errors, node);
  if (hasAnchor) {
    const {
      anchors
    } = doc;
    const name = node.anchor;
    const prev = anchors.getNode(name);
    // At this point, aliases for any preceding node with the same anchor
    // name have already been resolved, so it may safely be renamed.
    if (prev) anchors.map[anchors.newName(name)] = prev;
    // During parsing, we need to store the CST node in anchors.map as
    // anchors need to be available during resolution to allow for
    // circular references.
    anchors.map[name] = node;
  }
  if (node.type === PlainValue.Type.ALIAS && (hasAnchor || hasTag)) {
    const msg = 'An alias node must not specify any properties';
    doc.errors.push(new PlainValue.YAMLSemanticError(node, msg));
  }
  const res = resolveNodeValue(doc, node);
  if (res) {
    res.range = [node.range.start, node.range.end];
    if (doc.options.keepCstNodes) res.cstNode = node;
    if (doc.options.keepNodeTypes) res.type = node.type;
    const cb = comments.before.join('\n');
    if (cb) {
      res.commentBefore = res.commentBefore ? `${res.commentBefore}\n${cb}` : cb;
    }
    const ca = comments.after.join('\n');
    if (ca) res.comment = res.comment ? `${res.comment}\n${ca}` : ca;
  }
  return node.resolved = res;
}

function resolveMap(doc, cst) {
  if (cst.type !== PlainValue.Type.MAP && cst.type !== PlainValue.Type.FLOW_MAP) {
    const msg = `A ${cst.type} node cannot be resolved as a mapping`;
    doc.errors.push(new PlainValue.YAMLSyntaxError(cst, msg));
    return null;
  }
  const {
    comments,
    items
  } = cst.type === PlainValue.Type.FLOW_MAP ? resolveFlowMapItems(doc, cst) : resolveBlockMapItems(doc, cst);
  const map = new YAMLMap();
  map.items = items;
  resolveComments(map, comments);
  let hasCollectionKey = false;
  for (let i = 0; i < items.length; ++i) {
    const {
      key: iKey
    } = items[i];
    if (iKey instanceof Collection) hasCollectionKey = true;
    if (doc.schema.merge && iKey && iKey.value === MERGE_KEY) {
      items[i] = new Merge(items[i]);
      const sources = items[i].value.items;
      let error = null;
      sources.some(node => {
        if (node instanceof Alias) {
          // During parsing, alias sources are CST nodes; to account for
          // circular references their resolved values can't be used here.
          const {
            type
          } = node.source;
          if (type === PlainValue.Type.MAP || type === PlainValue.Type.FLOW_MAP) return false;
          return error = 'Merge nodes aliases can only point to maps';
        }
        return error = 'Merge nodes can only have Alias nodes as values';
      });
      if (error) doc.errors.push(new PlainValue.YAMLSemanticError(cst, error));
    } else {
      for (let j = i + 1; j < items.length; ++j) {
        const {
          key: jKey
        } = items[j];
        if (iKey === jKey || iKey && jKey && Object.prototype.hasOwnProperty.call(iKey, 'value') && iKey.value === jKey.value) {
          const msg = `Map keys must be unique; "${iKey}" is repeated`;
          doc.errors.push(new PlainValue.YAMLSemanticError(cst, msg));
          break;
        }
      }
    }
  }
  if (hasCollectionKey && !doc.options.mapAsMap) {
    const warn = 'Keys with collection values will be stringified as YAML due to JS Object restrictions. Use mapAsMap: true to avoid this.';
    doc.warnings.push(new PlainValue.YAMLWarning(cst, warn));
  }
  cst.resolved = map;
  return map;
}
const valueHasPairComment = ({
  context: {
    lineStart,
    node,
    src
  },
  props
}) => {
  if (props.length === 0) return false;
  const {
    start
  } = props[0];
  if (node && start > node.valueRange.start) return false;
  if (src[start] !== PlainValue.Char.COMMENT) return false;
  for (let i = lineStart; i < start; ++i) if (src[i] === '\n') return false;
  return true;
};
function resolvePairComment(item, pair) {
  if (!valueHasPairComment(item)) return;
  const comment = item.getPropValue(0, PlainValue.Char.COMMENT, true);
  let found = false;
  const cb = pair.value.commentBefore;
  if (cb && cb.startsWith(comment)) {
    pair.value.commentBefore = cb.substr(comment.length + 1);
    found = true;
  } else {
    const cc = pair.value.comment;
    if (!item.node && cc && cc.startsWith(comment)) {
      pair.value.comment = cc.substr(comment.length + 1);
      found = true;
    }
  }
  if (found) pair.comment = comment;
}
function resolveBlockMapItems(doc, cst) {
  const comments = [];
  const items = [];
  let key = undefined;
  let keyStart = null;
  for (let i = 0; i < cst.items.length; ++i) {
    const item = cst.items[i];
    switch (item.type) {
      case PlainValue.Type.BLANK_LINE:
        comments.push({
          afterKey: !!key,
          before: items.length
        });
        break;
      case PlainValue.Type.COMMENT:
        comments.push({
          afterKey: !!key,
          before: items.length,
          comment: item.comment
        });
        break;
      case PlainValue.Type.MAP_KEY:
        if (key !== undefined) items.push(new Pair(key));
        if (item.error) doc.errors.push(item.error);
        key = resolveNode(doc, item.node);
        keyStart = null;
        break;
      case PlainValue.Type.MAP_VALUE:
        {
          if (key === undefined) key = null;
          if (item.error) doc.errors.push(item.error);
          if (!item.context.atLineStart && item.node && item.node.type === PlainValue.Type.MAP && !item.node.context.atLineStart) {
            const msg = 'Nested mappings are not allowed in compact mappings';
            doc.errors.push(new PlainValue.YAMLSemanticError(item.node, msg));
          }
          let valueNode = item.node;
          if (!valueNode && item.props.length > 0) {
            // Comments on an empty mapping value need to be preserved, so we
            // need to construct a minimal empty node here to use instead of the
            // missing `item.node`. -- eemeli/yaml#19
            valueNode = new PlainValue.PlainValue(PlainValue.Type.PLAIN, []);
            valueNode.context = {
              parent: item,
              src: item.context.src
            };
            const pos = item.range.start + 1;
            valueNode.range = {
              start: pos,
              end: pos
            };
            valueNode.valueRange = {
              start: pos,
              end: pos
            };
            if (typeof item.range.origStart === 'number') {
              const origPos = item.range.origStart + 1;
              valueNode.range.origStart = valueNode.range.origEnd = origPos;
              valueNode.valueRange.origStart = valueNode.valueRange.origEnd = origPos;
            }
          }
          const pair = new Pair(key, resolveNode(doc, valueNode));
          resolvePairComment(item, pair);
          items.push(pair);
          if (key && typeof keyStart === 'number') {
            if (item.range.start > keyStart + 1024) doc.errors.push(getLongKeyError(cst, key));
          }
          key = undefined;
          keyStart = null;
        }
        break;
      default:
        if (key !== undefined) items.push(new Pair(key));
        key = resolveNode(doc, item);
        keyStart = item.range.start;
        if (item.error) doc.errors.push(item.error);
        next: for (let j = i + 1;; ++j) {
          const nextItem = cst.items[j];
          switch (nextItem && nextItem.type) {
            case PlainValue.Type.BLANK_LINE:
            case PlainValue.Type.COMMENT:
              continue next;
            case PlainValue.Type.MAP_VALUE:
              break next;
            default:
              {
                const msg = 'Implicit map keys need to be followed by map values';
                doc.errors.push(new PlainValue.YAMLSemanticError(item, msg));
                break next;
              }
          }
        }
        if (item.valueRangeContainsNewline) {
          const msg = 'Implicit map keys need to be on a single line';
          doc.errors.push(new PlainValue.YAMLSemanticError(item, msg));
        }
    }
  }
  if (key !== undefined) items.push(new Pair(key));
  return {
    comments,
    items
  };
}
function resolveFlowMapItems(doc, cst) {
  const comments = [];
  const items = [];
  let key = undefined;
  let explicitKey = false;
  let next = '{';
  for (let i = 0; i < cst.items.length; ++i) {
    const item = cst.items[i];
    if (typeof item.char === 'string') {
      const {
        char,
        offset
      } = item;
      if (char === '?' && key === undefined && !explicitKey) {
        explicitKey = true;
        next = ':';
        continue;
      }
      if (char === ':') {
        if (key === undefined) key = null;
        if (next === ':') {
          next = ',';
          continue;
        }
      } else {
        if (explicitKey) {
          if (key === undefined && char !== ',') key = null;
          explicitKey = false;
        }
        if (key !== undefined) {
          items.push(new Pair(key));
          key = undefined;
          if (char === ',') {
            next = ':';
            continue;
          }
        }
      }
      if (char === '}') {
        if (i === cst.items.length - 1) continue;
      } else if (char === next) {
        next = ':';
        continue;
      }
      const msg = `Flow map contains an unexpected ${char}`;
      const err = new PlainValue.YAMLSyntaxError(cst, msg);
      err.offset = offset;
      doc.errors.push(err);
    } else if (item.type === PlainValue.Type.BLANK_LINE) {
      comments.push({
        afterKey: !!key,
        before: items.length
      });
    } else if (item.type === PlainValue.Type.COMMENT) {
      checkFlowCommentSpace(doc.errors, item);
      comments.push({
        afterKey: !!key,
        before: items.length,
        comment: item.comment
      });
    } else if (key === undefined) {
      if (next === ',') doc.errors.push(new PlainValue.YAMLSemanticError(item, 'Separator , missing in flow map'));
      key = resolveNode(doc, item);
    } else {
      if (next !== ',') doc.errors.push(new PlainValue.YAMLSemanticError(item, 'Indicator : missing in flow map entry'));
      items.push(new Pair(key, resolveNode(doc, item)));
      key = undefined;
      explicitKey = false;
    }
  }
  checkFlowCollectionEnd(doc.errors, cst);
  if (key !== undefined) items.push(new Pair(key));
  return {
    comments,
    items
  };
}

function resolveSeq(doc, cst) {
  if (cst.type !== PlainValue.Type.SEQ && cst.type !== PlainValue.Type.FLOW_SEQ) {
    const msg = `A ${cst.type} node cannot be resolved as a sequence`;
    doc.errors.push(new PlainValue.YAMLSyntaxError(cst, msg));
    return null;
  }
  const {
    comments,
    items
  } = cst.type === PlainValue.Type.FLOW_SEQ ? resolveFlowSeqItems(doc, cst) : resolveBlockSeqItems(doc, cst);
  const seq = new YAMLSeq();
  seq.items = items;
  resolveComments(seq, comments);
  if (!doc.options.mapAsMap && items.some(it => it instanceof Pair && it.key instanceof Collection)) {
    const warn = 'Keys with collection values will be stringified as YAML due to JS Object restrictions. Use mapAsMap: true to avoid this.';
    doc.warnings.push(new PlainValue.YAMLWarning(cst, warn));
  }
  cst.resolved = seq;
  return seq;
}
function resolveBlockSeqItems(doc, cst) {
  const comments = [];
  const items = [];
  for (let i = 0; i < cst.items.length; ++i) {
    const item = cst.items[i];
    switch (item.type) {
      case PlainValue.Type.BLANK_LINE:
        comments.push({
          before: items.length
        });
        break;
      case PlainValue.Type.COMMENT:
        comments.push({
          comment: item.comment,
          before: items.length
        });
        break;
      case PlainValue.Type.SEQ_ITEM:
        if (item.error) doc.errors.push(item.error);
        items.push(resolveNode(doc, item.node));
        if (item.hasProps) {
          const msg = 'Sequence items cannot have tags or anchors before the - indicator';
          doc.errors.push(new PlainValue.YAMLSemanticError(item, msg));
        }
        break;
      default:
        if (item.error) doc.errors.push(item.error);
        doc.errors.push(new PlainValue.YAMLSyntaxError(item, `Unexpected ${item.type} node in sequence`));
    }
  }
  return {
    comments,
    items
  };
}
function resolveFlowSeqItems(doc, cst) {
  const comments = [];
  const items = [];
  let explicitKey = false;
  let key = undefined;
  let keyStart = null;
  let next = '[';
  let prevItem = null;
  for (let i = 0; i < cst.items.length; ++i) {
    const item = cst.items[i];
    if (typeof item.char === 'string') {
      const {
        char,
        offset
      } = item;
      if (char !== ':' && (explicitKey || key !== undefined)) {
        if (explicitKey && key === undefined) key = next ? items.pop() : null;
        items.push(new Pair(key));
        explicitKey = false;
        key = undefined;
        keyStart = null;
      }
      if (char === next) {
        next = null;
      } else if (!next && char === '?') {
        explicitKey = true;
      } else if (next !== '[' && char === ':' && key === undefined) {
        if (next === ',') {
          key = items.pop();
          if (key instanceof Pair) {
            const msg = 'Chaining flow sequence pairs is invalid';
            const err = new PlainValue.YAMLSemanticError(cst, msg);
            err.offset = offset;
            doc.errors.push(err);
          }
          if (!explicitKey && typeof keyStart === 'number') {
            const keyEnd = item.range ? item.range.start : item.offset;
            if (keyEnd > keyStart + 1024) doc.errors.push(getLongKeyError(cst, key));
            const {
              src
            } = prevItem.context;
            for (let i = keyStart; i < keyEnd; ++i) if (src[i] === '\n') {
              const msg = 'Implicit keys of flow sequence pairs need to be on a single line';
              doc.errors.push(new PlainValue.YAMLSemanticError(prevItem, msg));
              break;
            }
          }
        } else {
          key = null;
        }
        keyStart = null;
        explicitKey = false;
        next = null;
      } else if (next === '[' || char !== ']' || i < cst.items.length - 1) {
        const msg = `Flow sequence contains an unexpected ${char}`;
        const err = new PlainValue.YAMLSyntaxError(cst, msg);
        err.offset = offset;
        doc.errors.push(err);
      }
    } else if (item.type === PlainValue.Type.BLANK_LINE) {
      comments.push({
        before: items.length
      });
    } else if (item.type === PlainValue.Type.COMMENT) {
      checkFlowCommentSpace(doc.errors, item);
      comments.push({
        comment: item.comment,
        before: items.length
      });
    } else {
      if (next) {
        const msg = `Expected a ${next} in flow sequence`;
        doc.errors.push(new PlainValue.YAMLSemanticError(item, msg));
      }
      const value = resolveNode(doc, item);
      if (key === undefined) {
        items.push(value);
        prevItem = item;
      } else {
        items.push(new Pair(key, value));
        key = undefined;
      }
      keyStart = item.range.start;
      next = ',';
    }
  }
  checkFlowCollectionEnd(doc.errors, cst);
  if (key !== undefined) items.push(new Pair(key));
  return {
    comments,
    items
  };
}

exports.Alias = Alias;
exports.Collection = Collection;
exports.Merge = Merge;
exports.Node = Node;
exports.Pair = Pair;
exports.Scalar = Scalar;
exports.YAMLMap = YAMLMap;
exports.YAMLSeq = YAMLSeq;
exports.addComment = addComment;
exports.binaryOptions = binaryOptions;
exports.boolOptions = boolOptions;
exports.findPair = findPair;
exports.intOptions = intOptions;
exports.isEmptyPath = isEmptyPath;
exports.nullOptions = nullOptions;
exports.resolveMap = resolveMap;
exports.resolveNode = resolveNode;
exports.resolveSeq = resolveSeq;
exports.resolveString = resolveString;
exports.strOptions = strOptions;
exports.stringifyNumber = stringifyNumber;
exports.stringifyString = stringifyString;
exports.toJSON = toJSON;


/***/ }),

/***/ 529:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var PlainValue = __nccwpck_require__(418);
var resolveSeq = __nccwpck_require__(724);

/* global atob, btoa, Buffer */
const binary = {
  identify: value => value instanceof Uint8Array,
  // Buffer inherits from Uint8Array
  default: false,
  tag: 'tag:yaml.org,2002:binary',
  /**
   * Returns a Buffer in node and an Uint8Array in browsers
   *
   * To use the resulting buffer as an image, you'll want to do something like:
   *
   *   const blob = new Blob([buffer], { type: 'image/jpeg' })
   *   document.querySelector('#photo').src = URL.createObjectURL(blob)
   */
  resolve: (doc, node) => {
    const src = resolveSeq.resolveString(doc, node);
    if (typeof Buffer === 'function') {
      return Buffer.from(src, 'base64');
    } else if (typeof atob === 'function') {
      // On IE 11, atob() can't handle newlines
      const str = atob(src.replace(/[\n\r]/g, ''));
      const buffer = new Uint8Array(str.length);
      for (let i = 0; i < str.length; ++i) buffer[i] = str.charCodeAt(i);
      return buffer;
    } else {
      const msg = 'This environment does not support reading binary tags; either Buffer or atob is required';
      doc.errors.push(new PlainValue.YAMLReferenceError(node, msg));
      return null;
    }
  },
  options: resolveSeq.binaryOptions,
  stringify: ({
    comment,
    type,
    value
  }, ctx, onComment, onChompKeep) => {
    let src;
    if (typeof Buffer === 'function') {
      src = value instanceof Buffer ? value.toString('base64') : Buffer.from(value.buffer).toString('base64');
    } else if (typeof btoa === 'function') {
      let s = '';
      for (let i = 0; i < value.length; ++i) s += String.fromCharCode(value[i]);
      src = btoa(s);
    } else {
      throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
    }
    if (!type) type = resolveSeq.binaryOptions.defaultType;
    if (type === PlainValue.Type.QUOTE_DOUBLE) {
      value = src;
    } else {
      const {
        lineWidth
      } = resolveSeq.binaryOptions;
      const n = Math.ceil(src.length / lineWidth);
      const lines = new Array(n);
      for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
        lines[i] = src.substr(o, lineWidth);
      }
      value = lines.join(type === PlainValue.Type.BLOCK_LITERAL ? '\n' : ' ');
    }
    return resolveSeq.stringifyString({
      comment,
      type,
      value
    }, ctx, onComment, onChompKeep);
  }
};

function parsePairs(doc, cst) {
  const seq = resolveSeq.resolveSeq(doc, cst);
  for (let i = 0; i < seq.items.length; ++i) {
    let item = seq.items[i];
    if (item instanceof resolveSeq.Pair) continue;else if (item instanceof resolveSeq.YAMLMap) {
      if (item.items.length > 1) {
        const msg = 'Each pair must have its own sequence indicator';
        throw new PlainValue.YAMLSemanticError(cst, msg);
      }
      const pair = item.items[0] || new resolveSeq.Pair();
      if (item.commentBefore) pair.commentBefore = pair.commentBefore ? `${item.commentBefore}\n${pair.commentBefore}` : item.commentBefore;
      if (item.comment) pair.comment = pair.comment ? `${item.comment}\n${pair.comment}` : item.comment;
      item = pair;
    }
    seq.items[i] = item instanceof resolveSeq.Pair ? item : new resolveSeq.Pair(item);
  }
  return seq;
}
function createPairs(schema, iterable, ctx) {
  const pairs = new resolveSeq.YAMLSeq(schema);
  pairs.tag = 'tag:yaml.org,2002:pairs';
  for (const it of iterable) {
    let key, value;
    if (Array.isArray(it)) {
      if (it.length === 2) {
        key = it[0];
        value = it[1];
      } else throw new TypeError(`Expected [key, value] tuple: ${it}`);
    } else if (it && it instanceof Object) {
      const keys = Object.keys(it);
      if (keys.length === 1) {
        key = keys[0];
        value = it[key];
      } else throw new TypeError(`Expected { key: value } tuple: ${it}`);
    } else {
      key = it;
    }
    const pair = schema.createPair(key, value, ctx);
    pairs.items.push(pair);
  }
  return pairs;
}
const pairs = {
  default: false,
  tag: 'tag:yaml.org,2002:pairs',
  resolve: parsePairs,
  createNode: createPairs
};

class YAMLOMap extends resolveSeq.YAMLSeq {
  constructor() {
    super();
    PlainValue._defineProperty(this, "add", resolveSeq.YAMLMap.prototype.add.bind(this));
    PlainValue._defineProperty(this, "delete", resolveSeq.YAMLMap.prototype.delete.bind(this));
    PlainValue._defineProperty(this, "get", resolveSeq.YAMLMap.prototype.get.bind(this));
    PlainValue._defineProperty(this, "has", resolveSeq.YAMLMap.prototype.has.bind(this));
    PlainValue._defineProperty(this, "set", resolveSeq.YAMLMap.prototype.set.bind(this));
    this.tag = YAMLOMap.tag;
  }
  toJSON(_, ctx) {
    const map = new Map();
    if (ctx && ctx.onCreate) ctx.onCreate(map);
    for (const pair of this.items) {
      let key, value;
      if (pair instanceof resolveSeq.Pair) {
        key = resolveSeq.toJSON(pair.key, '', ctx);
        value = resolveSeq.toJSON(pair.value, key, ctx);
      } else {
        key = resolveSeq.toJSON(pair, '', ctx);
      }
      if (map.has(key)) throw new Error('Ordered maps must not include duplicate keys');
      map.set(key, value);
    }
    return map;
  }
}
PlainValue._defineProperty(YAMLOMap, "tag", 'tag:yaml.org,2002:omap');
function parseOMap(doc, cst) {
  const pairs = parsePairs(doc, cst);
  const seenKeys = [];
  for (const {
    key
  } of pairs.items) {
    if (key instanceof resolveSeq.Scalar) {
      if (seenKeys.includes(key.value)) {
        const msg = 'Ordered maps must not include duplicate keys';
        throw new PlainValue.YAMLSemanticError(cst, msg);
      } else {
        seenKeys.push(key.value);
      }
    }
  }
  return Object.assign(new YAMLOMap(), pairs);
}
function createOMap(schema, iterable, ctx) {
  const pairs = createPairs(schema, iterable, ctx);
  const omap = new YAMLOMap();
  omap.items = pairs.items;
  return omap;
}
const omap = {
  identify: value => value instanceof Map,
  nodeClass: YAMLOMap,
  default: false,
  tag: 'tag:yaml.org,2002:omap',
  resolve: parseOMap,
  createNode: createOMap
};

class YAMLSet extends resolveSeq.YAMLMap {
  constructor() {
    super();
    this.tag = YAMLSet.tag;
  }
  add(key) {
    const pair = key instanceof resolveSeq.Pair ? key : new resolveSeq.Pair(key);
    const prev = resolveSeq.findPair(this.items, pair.key);
    if (!prev) this.items.push(pair);
  }
  get(key, keepPair) {
    const pair = resolveSeq.findPair(this.items, key);
    return !keepPair && pair instanceof resolveSeq.Pair ? pair.key instanceof resolveSeq.Scalar ? pair.key.value : pair.key : pair;
  }
  set(key, value) {
    if (typeof value !== 'boolean') throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
    const prev = resolveSeq.findPair(this.items, key);
    if (prev && !value) {
      this.items.splice(this.items.indexOf(prev), 1);
    } else if (!prev && value) {
      this.items.push(new resolveSeq.Pair(key));
    }
  }
  toJSON(_, ctx) {
    return super.toJSON(_, ctx, Set);
  }
  toString(ctx, onComment, onChompKeep) {
    if (!ctx) return JSON.stringify(this);
    if (this.hasAllNullValues()) return super.toString(ctx, onComment, onChompKeep);else throw new Error('Set items must all have null values');
  }
}
PlainValue._defineProperty(YAMLSet, "tag", 'tag:yaml.org,2002:set');
function parseSet(doc, cst) {
  const map = resolveSeq.resolveMap(doc, cst);
  if (!map.hasAllNullValues()) throw new PlainValue.YAMLSemanticError(cst, 'Set items must all have null values');
  return Object.assign(new YAMLSet(), map);
}
function createSet(schema, iterable, ctx) {
  const set = new YAMLSet();
  for (const value of iterable) set.items.push(schema.createPair(value, null, ctx));
  return set;
}
const set = {
  identify: value => value instanceof Set,
  nodeClass: YAMLSet,
  default: false,
  tag: 'tag:yaml.org,2002:set',
  resolve: parseSet,
  createNode: createSet
};

const parseSexagesimal = (sign, parts) => {
  const n = parts.split(':').reduce((n, p) => n * 60 + Number(p), 0);
  return sign === '-' ? -n : n;
};

// hhhh:mm:ss.sss
const stringifySexagesimal = ({
  value
}) => {
  if (isNaN(value) || !isFinite(value)) return resolveSeq.stringifyNumber(value);
  let sign = '';
  if (value < 0) {
    sign = '-';
    value = Math.abs(value);
  }
  const parts = [value % 60]; // seconds, including ms
  if (value < 60) {
    parts.unshift(0); // at least one : is required
  } else {
    value = Math.round((value - parts[0]) / 60);
    parts.unshift(value % 60); // minutes
    if (value >= 60) {
      value = Math.round((value - parts[0]) / 60);
      parts.unshift(value); // hours
    }
  }
  return sign + parts.map(n => n < 10 ? '0' + String(n) : String(n)).join(':').replace(/000000\d*$/, '') // % 60 may introduce error
;
};
const intTime = {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:int',
  format: 'TIME',
  test: /^([-+]?)([0-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  resolve: (str, sign, parts) => parseSexagesimal(sign, parts.replace(/_/g, '')),
  stringify: stringifySexagesimal
};
const floatTime = {
  identify: value => typeof value === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:float',
  format: 'TIME',
  test: /^([-+]?)([0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*)$/,
  resolve: (str, sign, parts) => parseSexagesimal(sign, parts.replace(/_/g, '')),
  stringify: stringifySexagesimal
};
const timestamp = {
  identify: value => value instanceof Date,
  default: true,
  tag: 'tag:yaml.org,2002:timestamp',
  // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
  // may be omitted altogether, resulting in a date format. In such a case, the time part is
  // assumed to be 00:00:00Z (start of day, UTC).
  test: RegExp('^(?:' + '([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' +
  // YYYY-Mm-Dd
  '(?:(?:t|T|[ \\t]+)' +
  // t | T | whitespace
  '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' +
  // Hh:Mm:Ss(.ss)?
  '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' +
  // Z | +5 | -03:30
  ')?' + ')$'),
  resolve: (str, year, month, day, hour, minute, second, millisec, tz) => {
    if (millisec) millisec = (millisec + '00').substr(1, 3);
    let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec || 0);
    if (tz && tz !== 'Z') {
      let d = parseSexagesimal(tz[0], tz.slice(1));
      if (Math.abs(d) < 30) d *= 60;
      date -= 60000 * d;
    }
    return new Date(date);
  },
  stringify: ({
    value
  }) => value.toISOString().replace(/((T00:00)?:00)?\.000Z$/, '')
};

/* global console, process, YAML_SILENCE_DEPRECATION_WARNINGS, YAML_SILENCE_WARNINGS */

function shouldWarn(deprecation) {
  const env = typeof process !== 'undefined' && process.env || {};
  if (deprecation) {
    if (typeof YAML_SILENCE_DEPRECATION_WARNINGS !== 'undefined') return !YAML_SILENCE_DEPRECATION_WARNINGS;
    return !env.YAML_SILENCE_DEPRECATION_WARNINGS;
  }
  if (typeof YAML_SILENCE_WARNINGS !== 'undefined') return !YAML_SILENCE_WARNINGS;
  return !env.YAML_SILENCE_WARNINGS;
}
function warn(warning, type) {
  if (shouldWarn(false)) {
    const emit = typeof process !== 'undefined' && process.emitWarning;
    // This will throw in Jest if `warning` is an Error instance due to
    // https://github.com/facebook/jest/issues/2549
    if (emit) emit(warning, type);else {
      // eslint-disable-next-line no-console
      console.warn(type ? `${type}: ${warning}` : warning);
    }
  }
}
function warnFileDeprecation(filename) {
  if (shouldWarn(true)) {
    const path = filename.replace(/.*yaml[/\\]/i, '').replace(/\.js$/, '').replace(/\\/g, '/');
    warn(`The endpoint 'yaml/${path}' will be removed in a future release.`, 'DeprecationWarning');
  }
}
const warned = {};
function warnOptionDeprecation(name, alternative) {
  if (!warned[name] && shouldWarn(true)) {
    warned[name] = true;
    let msg = `The option '${name}' will be removed in a future release`;
    msg += alternative ? `, use '${alternative}' instead.` : '.';
    warn(msg, 'DeprecationWarning');
  }
}

exports.binary = binary;
exports.floatTime = floatTime;
exports.intTime = intTime;
exports.omap = omap;
exports.pairs = pairs;
exports.set = set;
exports.timestamp = timestamp;
exports.warn = warn;
exports.warnFileDeprecation = warnFileDeprecation;
exports.warnOptionDeprecation = warnOptionDeprecation;


/***/ }),

/***/ 267:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

module.exports = __nccwpck_require__(256).YAML


/***/ }),

/***/ 952:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ EvaluationError)
/* harmony export */ });
/** A policy could not be evaluated on one input (a builtin failed, the module trapped). */
class EvaluationError extends Error {
    policy;
    requestId;
    failure;
    constructor(policy, requestId, failure) {
        super(`evaluating ${policy}${requestId !== undefined ? ` on request ${JSON.stringify(requestId)}` : ''} failed: ${describe(failure)}`);
        this.policy = policy;
        this.requestId = requestId;
        this.failure = failure;
        this.name = 'EvaluationError';
    }
}
function describe(cause) {
    if (cause instanceof Error)
        return cause.message;
    if (typeof cause === 'object' && cause !== null && 'message' in cause)
        return String(cause.message);
    return String(cause);
}


/***/ }),

/***/ 554:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AP: () => (/* binding */ createTimeBuiltins),
/* harmony export */   Im: () => (/* binding */ parseRfc3339Nanos),
/* harmony export */   N6: () => (/* binding */ civilTime),
/* harmony export */   Sr: () => (/* binding */ BuiltinError)
/* harmony export */ });
/* unused harmony exports WEEKDAY_NAMES, addDateUtc */
/* harmony import */ var _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(32);
/* harmony import */ var _time_rfc3339_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(247);
/* harmony import */ var _time_timeZone_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(81);
/**
 * The time builtins OPA's WebAssembly target leaves to the host, implemented to return exactly
 * what OPA's Go evaluator (v1.22.3, Go's `time` package) returns, plus the same functions as
 * plain TypeScript for the reference evaluator.
 *
 * Precision: opa-wasm hands builtin arguments over through `JSON.parse`, so a nanosecond
 * timestamp such as 1795000000123456789 arrives as the double 1795000000123456800. The parser
 * therefore returns its result to the wasm as raw JSON text (an ArrayBuffer, which opa-wasm
 * loads verbatim) and remembers double → exact integer, so the builtins that receive the
 * timestamp again recover the exact nanoseconds.
 */



/** A builtin refused its arguments; OPA's Go evaluator fails the same call. */
class BuiltinError extends Error {
    builtin;
    args;
    constructor(builtin, args, message) {
        super(`${builtin}: ${message}`);
        this.name = 'BuiltinError';
        this.builtin = builtin;
        this.args = args;
    }
}
const NS_PER_SECOND = 1000000000n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Go's `time.Weekday.String()`, indexed by days since Sunday. */
const WEEKDAY_NAMES = [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
];
function floorDiv(a, b) {
    const q = a / b;
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
/** Reads the instant `ns` (nanoseconds since 1970, UTC) on a wall clock in `zone`. */
function civilTime(ns, zone) {
    const seconds = floorDiv(ns, NS_PER_SECOND);
    const nanosecond = Number(ns - seconds * NS_PER_SECOND);
    const unixSeconds = Number(seconds);
    const local = unixSeconds + zone.offsetAt(unixSeconds);
    const days = Math.floor(local / _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .SECONDS_PER_DAY */ .xz);
    const secondOfDay = local - days * _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .SECONDS_PER_DAY */ .xz;
    const { year, month, day } = (0,_time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .civilFromDays */ .TQ)(days);
    return {
        year,
        month,
        day,
        hour: Math.floor(secondOfDay / 3600),
        minute: Math.floor((secondOfDay % 3600) / 60),
        second: secondOfDay % 60,
        nanosecond,
        // 1970-01-01 was a Thursday (4).
        weekday: (((days + 4) % 7) + 7) % 7,
    };
}
const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';
const INSTANT = (0,_time_rfc3339_js__WEBPACK_IMPORTED_MODULE_0__/* .emptyFields */ .pl)();
/**
 * `time.parse_rfc3339_ns`: parses `value` exactly as Go's `time.Parse(time.RFC3339, value)` does
 * (the `go` dialect of time/rfc3339.ts) and returns nanoseconds since 1970. Throws a BuiltinError
 * for what Go rejects and for instants outside int64 nanoseconds.
 */
function parseRfc3339Nanos(value) {
    const fail = (reason) => {
        throw new BuiltinError('time.parse_rfc3339_ns', [value], `parsing time ${JSON.stringify(value)} as ${JSON.stringify(RFC3339_LAYOUT)}: ${reason}`);
    };
    const problem = (0,_time_rfc3339_js__WEBPACK_IMPORTED_MODULE_0__/* .scanRfc3339 */ .$q)(value, 'go', INSTANT);
    if (problem !== null)
        fail(problem);
    const ns = (0,_time_rfc3339_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosOf */ .hC)(INSTANT);
    if (ns < INT64_MIN || ns > INT64_MAX)
        fail('time outside of valid range');
    return ns;
}
/** Loads a zone by OPA's naming or throws the BuiltinError OPA's `time.LoadLocation` causes. */
function zoneOrFail(builtin, args, name) {
    const zone = (0,_time_timeZone_js__WEBPACK_IMPORTED_MODULE_1__/* .loadTimeZone */ .k)(name);
    if (zone === undefined)
        throw new BuiltinError(builtin, args, `unknown time zone ${name}`);
    return zone;
}
/** The instant and zone of OPA's `tzTime` operand: `ns` or `[ns, tz]` or `[ns, tz, layout]`. */
function decodeInstant(builtin, args, operand, exactOf) {
    let nsOperand;
    let zone = zoneOrFail(builtin, args, 'UTC');
    if (Array.isArray(operand)) {
        if (operand.length === 0) {
            throw new BuiltinError(builtin, args, 'operand 1 must be either number (ns) or [number (ns), string (tz)]');
        }
        nsOperand = operand[0];
        if (typeof nsOperand !== 'number') {
            throw new BuiltinError(builtin, args, 'operand 1 must be number');
        }
        if (operand.length > 1) {
            const tz = operand[1];
            if (typeof tz !== 'string')
                throw new BuiltinError(builtin, args, 'operand 1 must be string');
            zone = zoneOrFail(builtin, args, tz);
        }
        if (operand.length > 2 && typeof operand[2] !== 'string') {
            throw new BuiltinError(builtin, args, 'operand 1 must be string');
        }
    }
    else if (typeof operand === 'number') {
        nsOperand = operand;
    }
    else {
        throw new BuiltinError(builtin, args, 'operand 1 must be either number (ns) or [number (ns), string (tz)]');
    }
    const n = nsOperand;
    const ns = exactOf(n) ?? (Number.isInteger(n) ? BigInt(n) : undefined);
    if (ns === undefined || ns < INT64_MIN || ns > INT64_MAX) {
        throw new BuiltinError(builtin, args, 'timestamp too big');
    }
    return { ns, zone };
}
function intOperand(builtin, args, value, position) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw new BuiltinError(builtin, args, `operand ${position} must be integer number`);
    }
    return value;
}
/**
 * Go's `t.AddDate(years, months, days)` for a UTC time: the date fields are added and then
 * normalized (month 13 → January of the next year, April 31 → May 1), the clock is kept.
 */
function addDateUtc(ns, years, months, days) {
    const seconds = floorDiv(ns, NS_PER_SECOND);
    const subSecond = ns - seconds * NS_PER_SECOND;
    const unixSeconds = Number(seconds);
    const dayNumber = Math.floor(unixSeconds / _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .SECONDS_PER_DAY */ .xz);
    const secondOfDay = unixSeconds - dayNumber * _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .SECONDS_PER_DAY */ .xz;
    const date = (0,_time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .civilFromDays */ .TQ)(dayNumber);
    const monthIndex = date.month - 1 + months;
    const year = date.year + years + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    // daysFromCivil tolerates a day past the month's end: it counts on into the next month.
    const newDay = (0,_time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .daysFromCivil */ .Hd)(year, month, 1) + date.day - 1 + days;
    return BigInt(newDay * _time_calendar_js__WEBPACK_IMPORTED_MODULE_2__/* .SECONDS_PER_DAY */ .xz + secondOfDay) * NS_PER_SECOND + subSecond;
}
/** opa-wasm loads an ArrayBuffer result verbatim as JSON text: an exact integer survives. */
function integerAsJson(n) {
    const text = n.toString();
    const buffer = new ArrayBuffer(text.length);
    const bytes = new Uint8Array(buffer);
    for (let k = 0; k < text.length; k++)
        bytes[k] = text.charCodeAt(k);
    return buffer;
}
/** More remembered timestamps than one evaluation makes; bounds memory if reset is forgotten. */
const MAX_REMEMBERED = 4096;
function createTimeBuiltins() {
    const exact = new Map();
    const remember = (ns) => {
        if (exact.size >= MAX_REMEMBERED)
            exact.clear();
        exact.set(Number(ns), ns);
        return integerAsJson(ns);
    };
    const exactOf = (n) => exact.get(n);
    const instant = (builtin, args) => decodeInstant(builtin, args, args[0], exactOf);
    const builtins = {
        'time.parse_rfc3339_ns': (...args) => {
            const value = args[0];
            if (typeof value !== 'string') {
                throw new BuiltinError('time.parse_rfc3339_ns', args, 'operand 1 must be string');
            }
            return remember(parseRfc3339Nanos(value));
        },
        'time.clock': (...args) => {
            const { ns, zone } = instant('time.clock', args);
            const t = civilTime(ns, zone);
            return [t.hour, t.minute, t.second];
        },
        'time.date': (...args) => {
            const { ns, zone } = instant('time.date', args);
            const t = civilTime(ns, zone);
            return [t.year, t.month, t.day];
        },
        'time.weekday': (...args) => {
            const { ns, zone } = instant('time.weekday', args);
            return WEEKDAY_NAMES[civilTime(ns, zone).weekday];
        },
        'time.add_date': (...args) => {
            // Declared as a number operand: OPA's type checker never lets a [ns, tz] pair through.
            if (typeof args[0] !== 'number') {
                throw new BuiltinError('time.add_date', args, 'operand 1 must be number');
            }
            const { ns } = instant('time.add_date', args);
            const years = intOperand('time.add_date', args, args[1], 2);
            const months = intOperand('time.add_date', args, args[2], 3);
            const days = intOperand('time.add_date', args, args[3], 4);
            const result = addDateUtc(ns, years, months, days);
            if (result < INT64_MIN || result > INT64_MAX) {
                throw new BuiltinError('time.add_date', args, 'time outside of valid range');
            }
            return remember(result);
        },
    };
    return { builtins, reset: () => exact.clear() };
}


/***/ }),

/***/ 584:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  t: () => (/* binding */ WasmPolicy)
});

// EXTERNAL MODULE: ./node_modules/@open-policy-agent/opa-wasm/src/opa.js
var src_opa = __nccwpck_require__(712);
;// CONCATENATED MODULE: ./node_modules/@open-policy-agent/opa-wasm/src/index.mjs

/**
 * @type {opa.loadPolicy}
 */
const loadPolicy = src_opa.loadPolicy;
/* harmony default export */ const src = ((/* unused pure expression or super */ null && (opa)));

// EXTERNAL MODULE: ./build/engine/errors.js
var errors = __nccwpck_require__(952);
// EXTERNAL MODULE: ./build/engine/timeBuiltins.js
var timeBuiltins = __nccwpck_require__(554);
;// CONCATENATED MODULE: ./build/engine/wasmMemory.js
/**
 * How large the memory opa-wasm must hand a compiled module. `opa build -t wasm` makes the module
 * import its memory (`env.memory`) with a minimum that grows with the policy's data: a policy of
 * 500 rules × 20 values needs more than the 5 pages opa-wasm creates by default, and
 * instantiation then fails with "memory import … is smaller than initial". The minimum (and
 * maximum, when one is declared) is read from the module's import section.
 */
/** opa-wasm's own default initial size, kept as the floor. */
const DEFAULT_INITIAL_PAGES = 5;
const IMPORT_SECTION = 2;
const DATA_SECTION = 11;
const PAGE_BYTES = 65_536;
const I32_CONST = 0x41;
const END = 0x0b;
const KIND_FUNCTION = 0;
const KIND_TABLE = 1;
const KIND_MEMORY = 2;
const KIND_GLOBAL = 3;
class Reader {
    bytes;
    offset = 0;
    constructor(bytes) {
        this.bytes = bytes;
    }
    byte() {
        if (this.offset >= this.bytes.length)
            throw new RangeError('unexpected end of the wasm module');
        return this.bytes[this.offset++];
    }
    /** An unsigned LEB128 number (up to 2^53, which covers u32 and the sizes of memory64). */
    uleb() {
        let result = 0;
        let scale = 1;
        for (let i = 0; i < 10; i++) {
            const b = this.byte();
            result += (b & 0x7f) * scale;
            if ((b & 0x80) === 0)
                return result;
            scale *= 128;
        }
        throw new RangeError('malformed LEB128 number in the wasm module');
    }
    skip(n) {
        if (this.offset + n > this.bytes.length)
            throw new RangeError('unexpected end of the wasm module');
        this.offset += n;
    }
    name() {
        const length = this.uleb();
        const start = this.offset;
        this.skip(length);
        return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, length).toString('utf8');
    }
    /** A signed LEB128 number (an i32.const immediate). */
    sleb() {
        let result = 0;
        let scale = 1;
        for (let i = 0; i < 5; i++) {
            const b = this.byte();
            result += (b & 0x7f) * scale;
            scale *= 128;
            if ((b & 0x80) === 0)
                return b & 0x40 ? result - scale : result;
        }
        throw new RangeError('malformed LEB128 number in the wasm module');
    }
    limits() {
        const flags = this.byte();
        const initial = this.uleb();
        return flags & 0x01 ? { initial, maximum: this.uleb() } : { initial };
    }
}
/** The limits of the module's imported memory, or null when it imports none. */
function importedMemoryLimits(wasm) {
    const r = new Reader(wasm);
    r.skip(8); // magic and version
    while (r.offset < wasm.length) {
        const id = r.byte();
        const size = r.uleb();
        const end = r.offset + size;
        if (id !== IMPORT_SECTION) {
            r.skip(size);
            continue;
        }
        const count = r.uleb();
        for (let i = 0; i < count; i++) {
            r.name();
            r.name();
            const kind = r.byte();
            if (kind === KIND_MEMORY)
                return r.limits();
            if (kind === KIND_FUNCTION)
                r.uleb();
            else if (kind === KIND_TABLE) {
                r.byte(); // element type
                r.limits();
            }
            else if (kind === KIND_GLOBAL)
                r.skip(2); // value type, mutability
            else
                throw new RangeError(`unknown import kind ${kind} in the wasm module`);
        }
        r.offset = end;
        return null;
    }
    return null;
}
/**
 * Pages the module's active data segments reach: where the last one ends. `opa build` declares a
 * memory minimum that can fall short of it for a large policy (its data placed after the heap
 * start), and instantiation then fails with "data segment is out of bounds".
 */
function dataSegmentPages(wasm) {
    const r = new Reader(wasm);
    r.skip(8);
    let end = 0;
    while (r.offset < wasm.length) {
        const id = r.byte();
        const size = r.uleb();
        if (id !== DATA_SECTION) {
            r.skip(size);
            continue;
        }
        const count = r.uleb();
        for (let i = 0; i < count; i++) {
            const flags = r.uleb();
            if (flags === 1) {
                r.skip(r.uleb()); // passive: placed by memory.init, not at instantiation
                continue;
            }
            if (flags === 2)
                r.uleb(); // memory index
            if (flags !== 0 && flags !== 2)
                throw new RangeError(`unknown data segment kind ${flags} in the wasm module`);
            if (r.byte() !== I32_CONST)
                throw new RangeError('a data segment offset that is not a constant');
            const offset = r.sleb();
            if (r.byte() !== END)
                throw new RangeError('malformed data segment offset in the wasm module');
            const length = r.uleb();
            r.skip(length);
            end = Math.max(end, offset + length);
        }
        break;
    }
    return Math.ceil(end / PAGE_BYTES);
}
/**
 * The memory descriptor to load `wasm` with: at least the module's own minimum and room for its
 * data segments.
 */
function memoryFor(wasm) {
    const limits = importedMemoryLimits(wasm);
    const initial = Math.max(DEFAULT_INITIAL_PAGES, limits?.initial ?? 0, dataSegmentPages(wasm));
    return limits?.maximum === undefined ? { initial } : { initial, maximum: limits.maximum };
}

;// CONCATENATED MODULE: ./build/engine/wasmEngine.js




/**
 * One compiled policy loaded into opa-wasm: loaded once, evaluated synchronously per input. The
 * time builtins OPA's wasm target lacks are supplied here, with results equal to OPA's Go
 * evaluator; any builtin failure surfaces as an EvaluationError naming the policy and request.
 */
class WasmPolicy {
    name;
    loaded;
    resetBuiltins;
    constructor(name, loaded, resetBuiltins) {
        this.name = name;
        this.loaded = loaded;
        this.resetBuiltins = resetBuiltins;
    }
    static async load(name, wasm) {
        const time = (0,timeBuiltins/* createTimeBuiltins */.AP)();
        const bytes = new Uint8Array(wasm);
        // Sized from the module: a large policy's data does not fit opa-wasm's default 5 pages.
        const loaded = await loadPolicy(bytes.buffer, memoryFor(bytes), time.builtins);
        return new WasmPolicy(name, loaded, time.reset);
    }
    get entrypoints() {
        return Object.keys(this.loaded.entrypoints);
    }
    /**
     * `input` may be the parsed value or its JSON text as an ArrayBuffer (no re-serialisation).
     * Returns the decision object of `entrypoint` (the first, the two-valued decision, when omitted).
     */
    evaluate(input, requestId, entrypoint = 0) {
        const decision = this.result(input, requestId, entrypoint);
        if (!decision || typeof decision.allow !== 'boolean') {
            throw new errors/* EvaluationError */.Z(this.name, requestId, new Error('the policy produced no decision'));
        }
        return decision;
    }
    /**
     * The three-valued decision (docs/unknowns.md) of `entrypoint`, by default the second one a
     * compiled policy has (compile/compilePolicy.ts builds `decision` then `three_valued_decision`).
     */
    evaluateThreeValued(input, requestId, entrypoint = 1) {
        const decision = this.result(input, requestId, entrypoint);
        if (!decision || (decision.allow !== 0 && decision.allow !== 1 && decision.allow !== 2)) {
            throw new errors/* EvaluationError */.Z(this.name, requestId, new Error('the policy produced no three-valued decision'));
        }
        return decision;
    }
    result(input, requestId, entrypoint) {
        this.resetBuiltins();
        let resultSet;
        try {
            resultSet = this.loaded.evaluate(input, entrypoint);
        }
        catch (error) {
            throw new errors/* EvaluationError */.Z(this.name, requestId, error);
        }
        const first = Array.isArray(resultSet) ? resultSet[0] : undefined;
        return first?.result;
    }
}


/***/ }),

/***/ 971:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  lc: () => (/* binding */ RecordEvaluator)
});

// UNUSED EXPORTS: VERDICT_ALLOW, VERDICT_DENY, VERDICT_UNEVALUABLE, changeDetail, decisionPair, evaluatorSides, methodOf, subjectOf, toolsOf

// EXTERNAL MODULE: ./build/engine/errors.js
var errors = __nccwpck_require__(952);
;// CONCATENATED MODULE: ./build/traffic/evaluationInput.js
const PAIRED_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'];
/**
 * The input with `request.mcp.calls` rebuilt from an unpaired batch by the simplest pairing: call
 * `i` takes the `i`-th value of each list and lacks the key when the list is shorter. The decision
 * on it is exact for any policy none of whose rules combines two call fields (each call condition
 * then only sees how many calls carry which value, which every pairing preserves). Pure: the
 * record is not modified. A record without `unpaired` returns its own input.
 */
function pairUnpaired(record) {
    const unpaired = record.unpaired;
    if (unpaired === undefined)
        return record.input;
    const calls = [];
    for (let i = 0; i < unpaired.call_count; i++) {
        const call = {};
        for (const field of PAIRED_FIELDS) {
            const list = unpaired[field];
            if (list !== undefined && i < list.length)
                call[field] = list[i];
        }
        calls.push(call);
    }
    const input = record.input;
    const request = input.request ?? {};
    return { ...input, request: { ...request, mcp: { ...(request.mcp ?? {}), calls } } };
}
/** The input a policy is evaluated on: the recorded input, with an unpaired batch paired. */
function evaluationInput(record) {
    return record.unpaired === undefined ? record.input : pairUnpaired(record);
}

// EXTERNAL MODULE: ./build/time/rfc3339.js
var rfc3339 = __nccwpck_require__(247);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/util.js

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function util_assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            util_assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        util_assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function util_isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const util_allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (util_isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (util_isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function util_issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/core.js
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/memoizer.js

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack, resolve);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (spread && !desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw, true) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a new built-in kind becomes a compile error here
            kind;
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
/**
 * Whether one parse can re-enter this schema, i.e. its subtree contains a cycle.
 * Exported for `z.compile`, which refuses to compile such a schema: cycle
 * breaking is driven from here off state keyed on the parse context, and a
 * generated fast path has no context to key on.
 */
function isRecursiveSchema(inst) {
    // z.compile never parses, so nothing would ever resolve a lazy for it; it runs once and already treats a throw here as recursive
    return isRecursive(inst, new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const memoizer_open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        memoizer_open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set(), false);
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = memoizer_open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = memoizer_open.length > depth ? memoizer_open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ regexes_anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ $constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
});
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/doc.js
class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ $constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ $constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    util_assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = util_isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util_isObject;
    const jit = !globalConfig.jitless;
    const allowsEval = util_allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ $constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
});
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    util.defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? util.escapeRegex(o) : o ? util.escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(util_issue(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var registries_a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(registries_a = globalThis).__zod_globalRegistry ?? (registries_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new $ZodCheckProperties({
        check: "properties",
        shape,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util_issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/to-json-schema.js


function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                util_assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function to_json_schema_initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function to_json_schema_processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            to_json_schema_processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
/** @deprecated Renamed to `processSchema`. An export alias declares no binding, so it is safe to keep. */

// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function to_json_schema_extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            util_assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function to_json_schema_finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") {
        // OpenAPI 3.0 schema objects should not include a $schema property
    }
    else {
        // Arbitrary string values are allowed but won't have a $schema property set
    }
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                util_assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) {
    }
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = to_json_schema_initializeContext({ ...params, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = to_json_schema_initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/json-schema-processors.js




const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) {
        // do nothing (an undefined literal was stripped)
    }
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = to_json_schema_processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        util_assignProp(json.properties, key, to_json_schema_processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = to_json_schema_processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = to_json_schema_processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = to_json_schema_processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? to_json_schema_processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            util_assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = to_json_schema_processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer);
const $ZodRealError = $constructor("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/errors.js



/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const errors_initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodError = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodError", errors_initializer)));
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", errors_initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/parse.js


const classic_parse_parse = /* @__PURE__ */ _parse(ZodRealError);
const classic_parse_parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const parse_safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const parse_safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);

// Codec functions
const parse_encode = /* @__PURE__ */ _encode(ZodRealError);
const parse_decode = /* @__PURE__ */ _decode(ZodRealError);
const parse_encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const parse_decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const parse_safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const parse_safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const parse_safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const parse_safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/schemas.js








// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return schemas_default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return schemas_catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return classic_parse_parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await classic_parse_parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return parse_safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return parse_safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return parse_validateAsync(this, data, params);
    },
    encode: function _encode(data, params) {
        return parse_encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return parse_decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await parse_encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await parse_decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return parse_safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return parse_safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return parse_safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return parse_safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(api_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function schemas_string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_email(params) {
    return core._email(ZodEmail, params);
}
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_guid(params) {
    return core._guid(ZodGUID, params);
}
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_uuid(params) {
    return core._uuid(ZodUUID, params);
}
function uuidv4(params) {
    return core._uuidv4(ZodUUID, params);
}
// ZodUUIDv6
function uuidv6(params) {
    return core._uuidv6(ZodUUID, params);
}
// ZodUUIDv7
function uuidv7(params) {
    return core._uuidv7(ZodUUID, params);
}
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return core._url(ZodURL, params);
}
function httpUrl(params) {
    return core._url(ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_emoji(params) {
    return core._emoji(ZodEmoji, params);
}
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_nanoid(params) {
    return core._nanoid(ZodNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
function schemas_cuid(params) {
    return core._cuid(ZodCUID, params);
}
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cuid2(params) {
    return core._cuid2(ZodCUID2, params);
}
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ulid(params) {
    return core._ulid(ZodULID, params);
}
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_xid(params) {
    return core._xid(ZodXID, params);
}
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ksuid(params) {
    return core._ksuid(ZodKSUID, params);
}
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv4(params) {
    return core._ipv4(ZodIPv4, params);
}
const ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMAC", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodMAC.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_mac(params) {
    return core._mac(ZodMAC, params);
}
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv6(params) {
    return core._ipv6(ZodIPv6, params);
}
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv4(params) {
    return core._cidrv4(ZodCIDRv4, params);
}
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv6(params) {
    return core._cidrv6(ZodCIDRv6, params);
}
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64(params) {
    return core._base64(ZodBase64, params);
}
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64url(params) {
    return core._base64url(ZodBase64URL, params);
}
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_e164(params) {
    return core._e164(ZodE164, params);
}
const ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_creditCard(params) {
    return core._creditCard(ZodCreditCard, params);
}
const ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_iban(params) {
    return core._iban(ZodIBAN, params);
}
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function jwt(params) {
    return core._jwt(ZodJWT, params);
}
const ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCustomStringFormat", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodCustomStringFormat.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function schemas_hostname(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hostname", regexes.hostname, _params);
}
function schemas_hex(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hex", regexes.hex, _params);
}
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodCustomStringFormat, format, regex, params);
}
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(schemas_int(params));
    },
    safe(params) {
        return this.check(schemas_int(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function schemas_number(params) {
    return core._number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function schemas_boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodBigInt = /*@__PURE__*/ $constructor("ZodBigInt", (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => bigintProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    positive(params) {
        return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
        return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
}));
function schemas_bigint(params) {
    return core._bigint(ZodBigInt, params);
}
const ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodBigIntFormat, params);
}
const ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.symbolProcessor(inst, ctx, json, params);
})));
function symbol(params) {
    return core._symbol(ZodSymbol, params);
}
const ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.undefinedProcessor(inst, ctx, json, params);
})));
function schemas_undefined(params) {
    return core._undefined(ZodUndefined, params);
}

const ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nullProcessor(inst, ctx, json, params);
})));
function schemas_null(params) {
    return core._null(ZodNull, params);
}

const ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.anyProcessor(inst, ctx, json, params);
})));
function any() {
    return core._any(ZodAny);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.voidProcessor(inst, ctx, json, params);
})));
function schemas_void(params) {
    return core._void(ZodVoid, params);
}

const ZodDate = /*@__PURE__*/ $constructor("ZodDate", (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
}, 
/*@__PURE__*/ derived({
    minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
    },
}, {}));
function schemas_date(params) {
    return core._date(ZodDate, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
// .keyof
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return schemas_enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...util.normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodXor", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodDiscriminatedUnion.init(inst, def);
})));
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodTuple = /*@__PURE__*/ $constructor("ZodTuple", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTuple.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
    rest(rest) {
        return this.clone({
            ...this._zod.def,
            rest: rest,
        });
    },
    partial() {
        const def = this._zod.def;
        // a refinement was authored against the full arity; partialing would run it on a shorter array
        if (def.checks?.length)
            throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
            ...def,
            items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
        });
    },
});
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
// type alksjf = core.output<core.$ZodRecordKey>;
function partialRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMap", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodMap.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.mapProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function map(keyType, valueType, params) {
    return new ZodMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSet", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodSet.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.setProcessor(inst, ctx, json, params);
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function set(valueType, params) {
    return new ZodSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}

/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLiteral", (inst, def) => {
    core.$ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
})));
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
const ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.fileProcessor(inst, ctx, json, params);
    inst.min = (size, params) => inst.check(core._minSize(size, params));
    inst.max = (size, params) => inst.check(core._maxSize(size, params));
    inst.mime = (types, params) => inst.check(core._mime(Array.isArray(types) ? types : [types], params));
})));
function file(params) {
    return core._file(ZodFile, params);
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(util_issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
function schemas_nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function schemas_default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.successProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function success(innerType) {
    return new ZodSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function schemas_catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}

const ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nanProcessor(inst, ctx, json, params);
})));
function nan(params) {
    return core._nan(ZodNaN, params);
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCodec", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
function codec(in_, out, params) {
    return new ZodCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodPreprocess.init(inst, def);
})));
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.templateLiteralProcessor(inst, ctx, json, params);
})));
function templateLiteral(parts, params) {
    return new ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.lazyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.getter();
})));
function lazy(getter) {
    return new ZodLazy({
        type: "lazy",
        getter: getter,
    });
}
const ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.promiseProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function promise(innerType) {
    return new ZodPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.functionProcessor(inst, ctx, json, params);
})));
function _function(params) {
    return new ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}

const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
// custom checks
function check(fn) {
    const ch = new core.$ZodCheck({
        check: "custom",
        // ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
function custom(fn, _params) {
    return core._custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = describe;
const schemas_meta = meta;
const ZodInstanceOf = /*@__PURE__*/ $constructor("ZodInstanceOf", (inst, def) => {
    ZodCustom.init(inst, def);
}, {
    properties(shape, params) {
        // asserts in place, so the narrowed output type is truthful without a wrapper
        return this.check(_properties(shape, params));
    },
});
function _instanceof(cls, params = {}) {
    const inst = new ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...util.normalizeParams(params),
    });
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodCodec,
    Boolean: ZodBoolean,
    String: ZodString,
}, ...args);
function json(params) {
    const jsonSchema = lazy(() => {
        return union([schemas_string(params), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
// preprocess
function preprocess(fn, schema) {
    return new ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema,
    });
}

;// CONCATENATED MODULE: ./build/document/path.js
/** The value at `path` in a parsed document; undefined when a step is missing or not a container. */
function valueAtPath(root, path) {
    let node = root;
    for (const segment of path) {
        if (typeof node !== 'object' || node === null)
            return undefined;
        node = node[segment];
    }
    return node;
}
/**
 * The one way the project prints a document path: `rules[2].conditions[0].field`,
 * `tools.calls[1].output`. Keys that are not plain identifiers are quoted
 * (`claims["realm-access"]`), so every path reads back unambiguously.
 */
function formatPath(path) {
    let out = '';
    for (const segment of path) {
        if (typeof segment === 'number')
            out += `[${segment}]`;
        else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment))
            out += out === '' ? segment : `.${segment}`;
        else
            out += `[${JSON.stringify(segment)}]`;
    }
    return out;
}

;// CONCATENATED MODULE: ./build/unknowns/pointer.js
/**
 * JSON pointers (RFC 6901) into a record's `input`, the unit of the unknown set
 * (docs/unknowns.md "What a record does not know").
 */
/** `0`, `7`, `12`: the RFC 6901 spelling of an array index (no sign, no leading zero). */
function isArrayIndex(segment) {
    return /^(0|[1-9][0-9]*)$/.test(segment);
}
/**
 * The segments of `text` below `/input` (`/input` itself is `[]`), escapes undone; null when
 * `text` is not an RFC 6901 pointer starting with the `input` segment. `~` must be followed by `0`
 * or `1`; every other character is allowed in a segment.
 */
function parseInputPointer(text) {
    if (text !== '/input' && !text.startsWith('/input/'))
        return null;
    if (text.length === 6)
        return [];
    const raw = text.slice(7).split('/');
    const segments = [];
    for (const segment of raw) {
        if (segment.includes('~')) {
            if (/~(?![01])/.test(segment))
                return null;
            // ~1 first: "~01" is the text "~1", not "/".
            segments.push(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
        }
        else
            segments.push(segment);
    }
    return segments;
}
/** Whether `text` is a pointer the unknown set accepts (what parseInputPointer accepts). */
function isInputPointer(text) {
    if (text !== '/input' && !text.startsWith('/input/'))
        return false;
    const tilde = text.indexOf('~');
    return tilde < 0 || !/~(?![01])/.test(text);
}

;// CONCATENATED MODULE: ./build/unknowns/unavailable.js
/**
 * A record's `unavailable` entries and the pointers each stands for (docs/unknowns.md "What a
 * record does not know"; docs/traffic.md names the entries).
 */

const UNAVAILABLE_ENTRIES = [
    'mcp',
    'mcp.tool',
    'mcp.arguments',
    'identity.verification',
    'identity.attributes',
    'identity.claims',
    'time',
];
/** What each entry stands for, as RFC 6901 pointers. */
const UNAVAILABLE_POINTERS = {
    mcp: ['/input/request/mcp', '/input/request/jsonrpc'],
    'mcp.tool': ['/input/request/mcp/tool', '/input/request/mcp/calls/*/tool'],
    'mcp.arguments': ['/input/request/mcp/arguments'],
    'identity.verification': ['/input/identity/verified'],
    'identity.attributes': ['/input/identity/groups', '/input/identity/tags', '/input/identity/attributes'],
    'identity.claims': ['/input/identity/claims', '/input/identity/subject', '/input/identity/issuer'],
    time: ['/input/request/time'],
};
const PARSED_UNAVAILABLE = new Map(Object.entries(UNAVAILABLE_POINTERS).map(([entry, pointers]) => [
    entry,
    pointers.map((p) => parseInputPointer(p)),
]));
/** The pointers of one entry, as segments below `/input`. */
function unavailablePointers(entry) {
    return PARSED_UNAVAILABLE.get(entry);
}

;// CONCATENATED MODULE: ./build/traffic/record.js





/**
 * One recorded gateway request (docs/traffic.md "A record").
 *
 * The zod schema is the contract and the source of the types. The reader's hot path uses
 * `isTrafficRecord`, a hand-written predicate that accepts exactly what the schema accepts (tested
 * against each other); zod then only runs on the rare malformed record, to word the reason.
 *
 * Decisions recorded here and in docs/traffic.md:
 * - Unknown top-level keys and unknown keys in `unpaired` are malformed ("unknown key"): a typo such
 *   as `unavailible` would otherwise silently drop what the telemetry said it lacked, and the
 *   replay would guess.
 * - `input` is the gateway's document: keys this tool does not know are allowed at every level, but
 *   the values a policy reads must have the type the gateway gives them (docs/policy.md "Fields").
 * - Timestamps are the `record` dialect of time/rfc3339.ts: the RFC 3339 subset OPA's
 *   `time.parse_rfc3339_ns` also accepts.
 * - Repeated entries in `unavailable` are harmless and accepted, and so are repeated
 *   `unknown_paths` (docs/unknowns.md).
 */
const RECORDED_DECISIONS = ['allow', 'deny'];
const RFC3339_MESSAGE = 'must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z';
const instantSchema = schemas_string().refine(rfc3339/* isRfc3339Instant */.Jo, RFC3339_MESSAGE);
const POINTER_MESSAGE = 'must be a JSON pointer (RFC 6901) starting with /input, e.g. /input/identity/claims/email';
const unknownPathSchema = schemas_string().refine(isInputPointer, POINTER_MESSAGE);
const stringList = array(schemas_string());
const callSchema = looseObject({
    tool: schemas_string().optional(),
    method: schemas_string().optional(),
    resource_uri: schemas_string().optional(),
    prompt: schemas_string().optional(),
});
const plainObject = record(schemas_string(), unknown());
const trafficInputSchema = looseObject({
    request: looseObject({
        time: instantSchema.optional(),
        http: looseObject({
            method: schemas_string().optional(),
            host: schemas_string().optional(),
            path: schemas_string().optional(),
        })
            .optional(),
        jsonrpc: looseObject({
            is_batch: schemas_boolean().optional(),
            unparsable_calls: schemas_int().nonnegative().optional(),
        })
            .optional(),
        mcp: looseObject({
            calls: array(callSchema).optional(),
            arguments: plainObject.optional(),
        })
            .optional(),
    })
        .optional(),
    identity: looseObject({
        verified: schemas_boolean().optional(),
        attributes_resolved: schemas_boolean().optional(),
        subject: schemas_string().optional(),
        issuer: schemas_string().optional(),
        groups: stringList.optional(),
        tags: stringList.optional(),
        attributes: record(schemas_string(), union([schemas_string(), stringList])).optional(),
        claims: plainObject.optional(),
    })
        .optional(),
});
/**
 * The most calls an unpaired batch may declare. Replaying one materialises its calls, so a
 * ~100-byte record claiming millions would exhaust memory; no gateway batch comes near this.
 */
const MAX_UNPAIRED_CALLS = 10_000;
/**
 * The most `unknown_paths` one record may carry. Every pointer is matched against every location a
 * policy reads, in both evaluators; no export needs more than a few per record.
 */
const MAX_UNKNOWN_PATHS = 1_024;
const unpairedSchema = strictObject({
    call_count: schemas_int().nonnegative().max(MAX_UNPAIRED_CALLS),
    method: stringList.optional(),
    tool: stringList.optional(),
    resource_uri: stringList.optional(),
    prompt: stringList.optional(),
})
    .superRefine((value, ctx) => {
    for (const key of ['method', 'tool', 'resource_uri', 'prompt']) {
        const list = value[key];
        if (list !== undefined && list.length > value.call_count) {
            ctx.addIssue({
                code: 'custom',
                path: [key],
                message: `has ${list.length} values but call_count is ${value.call_count}`,
            });
        }
    }
});
const trafficRecordSchema = strictObject({
    request_id: schemas_string().min(1, 'must be a non-empty string'),
    occurred_at: instantSchema.optional(),
    recorded_decision: schemas_enum(RECORDED_DECISIONS).optional(),
    policy_revision: schemas_string().optional(),
    manifest_id: schemas_string().optional(),
    input: trafficInputSchema,
    unavailable: array(schemas_enum(UNAVAILABLE_ENTRIES)).optional(),
    unknown_paths: array(unknownPathSchema)
        .max(MAX_UNKNOWN_PATHS, `must hold at most ${MAX_UNKNOWN_PATHS} pointers`)
        .optional(),
    unpaired: unpairedSchema.optional(),
})
    .superRefine((value, ctx) => {
    if (value.unpaired !== undefined && value.input.request?.mcp?.calls !== undefined) {
        ctx.addIssue({
            code: 'custom',
            path: ['unpaired'],
            message: 'an unpaired batch must not also carry input.request.mcp.calls',
        });
    }
});
function isObj(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function optString(v) {
    return v === undefined || typeof v === 'string';
}
function optBoolean(v) {
    return v === undefined || typeof v === 'boolean';
}
function isNonNegativeInt(v) {
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}
function isStringList(v) {
    if (!Array.isArray(v))
        return false;
    for (let i = 0; i < v.length; i++)
        if (typeof v[i] !== 'string')
            return false;
    return true;
}
function optStringList(v) {
    return v === undefined || isStringList(v);
}
function optInstant(v) {
    return v === undefined || (typeof v === 'string' && (0,rfc3339/* isRfc3339Instant */.Jo)(v));
}
const RECORD_KEYS = new Set([
    'request_id',
    'occurred_at',
    'recorded_decision',
    'policy_revision',
    'manifest_id',
    'input',
    'unavailable',
    'unknown_paths',
    'unpaired',
]);
const UNPAIRED_KEYS = new Set(['call_count', 'method', 'tool', 'resource_uri', 'prompt']);
const UNAVAILABLE_SET = new Set(UNAVAILABLE_ENTRIES);
function isRequest(v) {
    if (v === undefined)
        return true;
    if (!isObj(v))
        return false;
    if (!optInstant(v.time))
        return false;
    const http = v.http;
    if (http !== undefined) {
        if (!isObj(http) || !optString(http.method) || !optString(http.host) || !optString(http.path))
            return false;
    }
    const jsonrpc = v.jsonrpc;
    if (jsonrpc !== undefined) {
        if (!isObj(jsonrpc) || !optBoolean(jsonrpc.is_batch))
            return false;
        if (jsonrpc.unparsable_calls !== undefined && !isNonNegativeInt(jsonrpc.unparsable_calls))
            return false;
    }
    const mcp = v.mcp;
    if (mcp !== undefined) {
        if (!isObj(mcp))
            return false;
        const calls = mcp.calls;
        if (calls !== undefined) {
            if (!Array.isArray(calls))
                return false;
            for (let i = 0; i < calls.length; i++) {
                const c = calls[i];
                if (!isObj(c))
                    return false;
                if (!optString(c.tool) || !optString(c.method) || !optString(c.resource_uri) || !optString(c.prompt))
                    return false;
            }
        }
        if (mcp.arguments !== undefined && !isObj(mcp.arguments))
            return false;
    }
    return true;
}
function isIdentity(v) {
    if (v === undefined)
        return true;
    if (!isObj(v))
        return false;
    if (!optBoolean(v.verified) || !optBoolean(v.attributes_resolved))
        return false;
    if (!optString(v.subject) || !optString(v.issuer))
        return false;
    if (!optStringList(v.groups) || !optStringList(v.tags))
        return false;
    const attributes = v.attributes;
    if (attributes !== undefined) {
        if (!isObj(attributes))
            return false;
        for (const key in attributes) {
            const a = attributes[key];
            if (typeof a !== 'string' && !isStringList(a))
                return false;
        }
    }
    if (v.claims !== undefined && !isObj(v.claims))
        return false;
    return true;
}
function isUnpaired(v) {
    if (!isObj(v))
        return false;
    for (const key in v)
        if (!UNPAIRED_KEYS.has(key))
            return false;
    const count = v.call_count;
    if (!isNonNegativeInt(count) || count > MAX_UNPAIRED_CALLS)
        return false;
    for (const key of ['method', 'tool', 'resource_uri', 'prompt']) {
        const list = v[key];
        if (list === undefined)
            continue;
        if (!isStringList(list) || list.length > count)
            return false;
    }
    return true;
}
/** Accepts exactly what `trafficRecordSchema` accepts; cheap enough for every line of a sample. */
function record_isTrafficRecord(v) {
    if (!isObj(v))
        return false;
    for (const key in v)
        if (!RECORD_KEYS.has(key))
            return false;
    const id = v.request_id;
    if (typeof id !== 'string' || id.length === 0)
        return false;
    if (!optInstant(v.occurred_at))
        return false;
    const decision = v.recorded_decision;
    if (decision !== undefined && decision !== 'allow' && decision !== 'deny')
        return false;
    if (!optString(v.policy_revision) || !optString(v.manifest_id))
        return false;
    const input = v.input;
    if (!isObj(input))
        return false;
    if (!isRequest(input.request) || !isIdentity(input.identity))
        return false;
    const unavailable = v.unavailable;
    if (unavailable !== undefined) {
        if (!Array.isArray(unavailable))
            return false;
        for (let i = 0; i < unavailable.length; i++) {
            const entry = unavailable[i];
            if (typeof entry !== 'string' || !UNAVAILABLE_SET.has(entry))
                return false;
        }
    }
    const unknownPaths = v.unknown_paths;
    if (unknownPaths !== undefined) {
        if (!Array.isArray(unknownPaths) || unknownPaths.length > MAX_UNKNOWN_PATHS)
            return false;
        for (let i = 0; i < unknownPaths.length; i++) {
            const path = unknownPaths[i];
            if (typeof path !== 'string' || !isInputPointer(path))
                return false;
        }
    }
    if (v.unpaired !== undefined) {
        if (!isUnpaired(v.unpaired))
            return false;
        const request = input.request;
        const mcp = request?.mcp;
        if (mcp?.calls !== undefined)
            return false;
    }
    return true;
}
// ---------------------------------------------------------------------------------------------
// The slow path: why a value is not a record, in words an operator can act on.
function valueAt(root, path) {
    let v = root;
    for (const segment of path) {
        if (typeof v !== 'object' || v === null)
            return undefined;
        v = v[segment];
    }
    return v;
}
function describeType(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'an array';
    if (typeof v === 'object')
        return 'an object';
    if (typeof v === 'number')
        return `the number ${v}`;
    if (typeof v === 'string')
        return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    return `${typeof v} ${String(v)}`;
}
const MAX_ISSUES_IN_REASON = 3;
/**
 * Why `value` is not a traffic record: up to three problems, each `path: message`, e.g.
 * `input.request.time: must be an RFC 3339 instant …`. Returns `undefined` for a valid record.
 */
function record_explainInvalidRecord(value) {
    if (!isObj(value))
        return `a record must be a JSON object, got ${describeType(value)}`;
    const parsed = trafficRecordSchema.safeParse(value);
    if (parsed.success)
        return undefined;
    const reasons = [];
    for (const issue of parsed.error.issues) {
        const path = issue.path.filter((s) => typeof s !== 'symbol');
        if (issue.code === 'unrecognized_keys') {
            for (const key of issue.keys) {
                const where = formatPath([...path, key]);
                reasons.push(`${where}: unknown key`);
            }
            continue;
        }
        const where = path.length === 0 ? 'record' : formatPath(path);
        const actual = valueAt(value, issue.path);
        let message;
        if (issue.code === 'invalid_type' && actual === undefined)
            message = 'is required';
        else if (issue.code === 'invalid_type')
            message = `must be ${article(issue.expected)}, got ${describeType(actual)}`;
        else if (issue.code === 'invalid_value' && path[0] === 'unavailable' && path.length === 2)
            message = `unknown unavailable entry ${JSON.stringify(actual)} (known: ${UNAVAILABLE_ENTRIES.join(', ')})`;
        else if (issue.code === 'invalid_value')
            message = `must be one of ${issue.values.map((x) => JSON.stringify(x)).join(', ')}, got ${describeType(actual)}`;
        else if (issue.code === 'custom' && path[0] === 'unknown_paths' && path.length === 2)
            message = `${issue.message}, got ${describeType(actual)}`;
        else if (issue.code === 'too_small' && issue.origin === 'number')
            message = `must not be negative, got ${describeType(actual)}`;
        else
            message = issue.message;
        reasons.push(`${where}: ${message}`);
    }
    if (reasons.length === 0)
        return 'not a valid traffic record';
    const shown = reasons.slice(0, MAX_ISSUES_IN_REASON);
    const more = reasons.length - shown.length;
    return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
function article(expected) {
    switch (expected) {
        case 'object':
        case 'array':
        case 'int':
            return expected === 'int' ? 'an integer' : `an ${expected}`;
        default:
            return `a ${expected}`;
    }
}

;// CONCATENATED MODULE: ./build/traffic/decisionLog.js


const NO_DECISION_LOG_OPTIONS = Object.freeze({
    decisionPath: null,
    decisionField: null,
    bundle: null,
    manifestIdField: null,
});
/** The option names as the CLI and the Action spell them. */
const DECISION_LOG_OPTION_NAMES = {
    decisionPath: 'decision-path',
    decisionField: 'decision-field',
    bundle: 'bundle',
    manifestIdField: 'manifest-id-field',
};
/** A decision-log option whose value cannot be used; `option` is its CLI / Action name. */
class DecisionLogOptionError extends Error {
    option;
    value;
    name = 'DecisionLogOptionError';
    constructor(option, value, message) {
        super(message);
        this.option = option;
        this.value = value;
    }
}
/**
 * A decision path as OPA's `path` and the user's `--decision-path` compare: a leading `/` and a
 * `data.` / `data/` prefix dropped, dots and slashes equal (`/data/policy_replay.decision` →
 * `policy_replay/decision`).
 */
function decisionLog_normalizeDecisionPath(path) {
    let p = path.replace(/^\/+/, '');
    if (p === 'data')
        p = '';
    else if (p.startsWith('data/') || p.startsWith('data.'))
        p = p.slice(5);
    return p.includes('.') ? p.replace(/\./g, '/') : p;
}
function dottedPath(option, text, example) {
    const segments = text.split('.');
    if (text === '' || segments.some((s) => s === '')) {
        const name = DECISION_LOG_OPTION_NAMES[option];
        throw new DecisionLogOptionError(name, text, `Invalid ${name} '${text}'. Expected a dotted path of keys, e.g. ${example}.`);
    }
    return segments;
}
/** Parses the options; an unusable value throws DecisionLogOptionError naming the option. */
function parseDecisionLogOptions(text) {
    let decisionPath = null;
    if (text.decisionPath !== undefined && text.decisionPath !== null) {
        decisionPath = decisionLog_normalizeDecisionPath(text.decisionPath);
        if (decisionPath === '' || decisionPath.split('/').some((s) => s === '')) {
            throw new DecisionLogOptionError('decision-path', text.decisionPath, `Invalid decision-path '${text.decisionPath}'. Expected the path of a decision under data, e.g. policy_replay/decision.`);
        }
    }
    const bundle = text.bundle ?? null;
    if (bundle === '')
        throw new DecisionLogOptionError('bundle', bundle, "Invalid bundle ''. Expected a bundle name.");
    return {
        decisionPath,
        decisionField: text.decisionField === undefined || text.decisionField === null
            ? null
            : dottedPath('decisionField', text.decisionField, 'allow or decision.allowed'),
        bundle,
        manifestIdField: text.manifestIdField === undefined || text.manifestIdField === null
            ? null
            : dottedPath('manifestIdField', text.manifestIdField, 'input.request.mcp.session_id'),
    };
}
/** Whether any option is set (a record-format sample refuses them). */
function decisionLog_hasDecisionLogOptions(options) {
    return (options.decisionPath !== null ||
        options.decisionField !== null ||
        options.bundle !== null ||
        options.manifestIdField !== null);
}
/** The options back as flags, for messages: `--decision-path x --bundle y`. */
function decisionLog_describeDecisionLogOptions(options) {
    const parts = [];
    if (options.decisionPath !== null)
        parts.push(`--decision-path ${options.decisionPath}`);
    if (options.decisionField !== null)
        parts.push(`--decision-field ${options.decisionField.join('.')}`);
    if (options.bundle !== null)
        parts.push(`--bundle ${options.bundle}`);
    if (options.manifestIdField !== null)
        parts.push(`--manifest-id-field ${options.manifestIdField.join('.')}`);
    return parts.join(' ');
}
function decisionLog_isObj(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const OTHER_PATH = Object.freeze({ kind: 'other_path' });
/** RFC 6901 pointer → keys (`~1` → `/`, `~0` → `~`); null when it is not a pointer. */
function pointerSegments(pointer) {
    if (pointer === '')
        return [];
    if (pointer[0] !== '/')
        return null;
    const parts = pointer.slice(1).split('/');
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part.includes('~'))
            parts[i] = part.replace(/~1/g, '/').replace(/~0/g, '~');
    }
    return parts;
}
/** Whether `pointer` names `segments` or something above it. */
function coversSegments(pointer, segments) {
    const p = pointerSegments(pointer);
    if (p === null || p.length > segments.length)
        return false;
    for (let i = 0; i < p.length; i++)
        if (p[i] !== segments[i])
            return false;
    return true;
}
/**
 * Whether a pointer names `/input` or something in it. Only the prefix is checked: a malformed
 * pointer under /input goes into unknown_paths and makes the record malformed there, rather than
 * being dropped here.
 */
function isUnderInput(pointer) {
    return pointer === '/input' || pointer.startsWith('/input/');
}
function decisionLog_valueAt(root, segments) {
    let v = root;
    for (const key of segments) {
        if (!decisionLog_isObj(v) || !Object.hasOwn(v, key))
            return undefined;
        v = v[key];
    }
    return v;
}
/**
 * The `erased` and `masked` pointers of an event, erased first; a reason when either is not a
 * list of strings (OPA always writes one).
 */
function hiddenPointers(event) {
    const out = [];
    for (const key of ['erased', 'masked']) {
        const list = event[key];
        if (list === undefined)
            continue;
        if (!Array.isArray(list))
            return `${key}: must be a list of JSON pointers`;
        for (let i = 0; i < list.length; i++) {
            const pointer = list[i];
            if (typeof pointer !== 'string')
                return `${key}[${i}]: must be a JSON pointer (a string)`;
            out.push(pointer);
        }
    }
    return out;
}
function anyCovers(hidden, segments) {
    for (const pointer of hidden)
        if (coversSegments(pointer, segments))
            return true;
    return false;
}
const RESULT = ['result'];
const RESULT_ALLOW = ['result', 'allow'];
const RESULT_DECISION = ['result', 'decision'];
/** The recorded decision of docs/decision-logs.md "The mapping", or undefined for none. */
function recordedDecisionOf(event, field, hidden) {
    if (event.error !== undefined && event.error !== null)
        return undefined;
    const result = event.result;
    let decision;
    let at;
    if (field !== null) {
        at = ['result', ...field];
        const v = decisionLog_valueAt(result, field);
        decision =
            typeof v === 'boolean' ? (v ? 'allow' : 'deny') : v === 'allow' || v === 'deny' ? v : undefined;
    }
    else if (typeof result === 'boolean') {
        at = RESULT;
        decision = result ? 'allow' : 'deny';
    }
    else if (decisionLog_isObj(result) && typeof result.allow === 'boolean') {
        at = RESULT_ALLOW;
        decision = result.allow ? 'allow' : 'deny';
    }
    else if (decisionLog_isObj(result) && (result.decision === 'allow' || result.decision === 'deny')) {
        at = RESULT_DECISION;
        decision = result.decision;
    }
    else
        return undefined;
    // An erased or masked result (or the field itself) is not what OPA decided.
    if (decision !== undefined && hidden.length > 0 && anyCovers(hidden, at))
        return undefined;
    return decision;
}
/** The policy revision: `bundles` (the only entry, else the one `--bundle` names), else `revision`. */
function policyRevisionOf(event, bundle) {
    const bundles = event.bundles;
    if (decisionLog_isObj(bundles)) {
        // The only entry decided, whatever --bundle names: it chooses among several.
        const names = Object.keys(bundles);
        let entry;
        if (names.length === 1)
            entry = bundles[names[0]];
        else if (bundle !== null)
            entry = Object.hasOwn(bundles, bundle) ? bundles[bundle] : undefined;
        if (decisionLog_isObj(entry) && typeof entry.revision === 'string' && entry.revision !== '')
            return entry.revision;
    }
    const revision = event.revision;
    return typeof revision === 'string' && revision !== '' ? revision : undefined;
}
/** Turns the record validator's reason into the event's words (`timestamp`, not `occurred_at`). */
function eventReason(reason) {
    return reason
        .split('; ')
        .map((part) => part.startsWith('unknown_paths') ? `erased/masked${part.slice('unknown_paths'.length)}` : part)
        .join('; ');
}
/**
 * Maps one decision event (an object with a `decision_id` key) under the options. The record it
 * makes is validated exactly as a record of our own format is.
 */
function mapDecisionEvent(event, options) {
    const rawPath = event.path;
    if (typeof rawPath !== 'string')
        return OTHER_PATH;
    let path = null;
    if (options.decisionPath !== null) {
        if (rawPath !== options.decisionPath && decisionLog_normalizeDecisionPath(rawPath) !== options.decisionPath)
            return OTHER_PATH;
    }
    else {
        path = decisionLog_normalizeDecisionPath(rawPath);
        if (path === '')
            return OTHER_PATH;
    }
    const id = event.decision_id;
    if (typeof id !== 'string' || id === '')
        return { kind: 'malformed', reason: 'decision_id: must be a non-empty string', path };
    const timestamp = event.timestamp;
    if (timestamp !== undefined && (typeof timestamp !== 'string' || !(0,rfc3339/* isRfc3339Instant */.Jo)(timestamp))) {
        return {
            kind: 'malformed',
            reason: 'timestamp: must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z',
            request_id: id,
            path,
        };
    }
    const hidden = hiddenPointers(event);
    if (typeof hidden === 'string')
        return { kind: 'malformed', reason: hidden, request_id: id, path };
    let input = event.input;
    if (input === undefined) {
        // Only an erased /input removes it; a masked one was replaced, so OPA would have written it.
        const erased = event.erased;
        if (!Array.isArray(erased) || !erased.includes('/input'))
            return { kind: 'malformed', reason: 'no input', request_id: id, path };
        input = {};
    }
    const record = { request_id: id };
    if (timestamp !== undefined)
        record.occurred_at = timestamp;
    const decision = recordedDecisionOf(event, options.decisionField, hidden);
    if (decision !== undefined)
        record.recorded_decision = decision;
    const revision = policyRevisionOf(event, options.bundle);
    if (revision !== undefined)
        record.policy_revision = revision;
    const fieldPath = options.manifestIdField;
    if (fieldPath !== null) {
        const manifest = decisionLog_valueAt(event, fieldPath);
        if (typeof manifest === 'string' && manifest !== '' && !anyCovers(hidden, fieldPath))
            record.manifest_id = manifest;
    }
    record.input = input;
    if (hidden.length > 0) {
        const unknown = [];
        // A hostile event lists ~100k pointers in 1 MiB: deduplicating by scanning would be quadratic.
        const seen = new Set();
        for (const pointer of hidden) {
            if (!isUnderInput(pointer) || seen.has(pointer))
                continue;
            seen.add(pointer);
            unknown.push(pointer);
        }
        if (unknown.length > 0)
            record.unknown_paths = unknown;
    }
    if (record_isTrafficRecord(record))
        return { kind: 'record', record, path };
    const reason = record_explainInvalidRecord(record) ?? 'not a valid traffic record';
    return { kind: 'malformed', reason: eventReason(reason), request_id: id, path };
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: ./build/traffic/recordShape.js
/**
 * Checks on a record's raw text that JSON.parse cannot make, run on every line of a sample and so
 * kept to one pass over bytes the reader already holds (docs/security.md "Hostile traffic"):
 *
 * - **Nesting depth.** A record nested thousands deep parses, but every recursive step after it
 *   (the decision cache's key, JSON.stringify, opa-wasm's input parser) can overflow the stack,
 *   and whether it does depends on the thread. Deeper than MAX_RECORD_DEPTH is malformed.
 * - **Repeated keys.** JSON.parse keeps the last of two equal keys in one object, so a record
 *   with two `request_id`s would silently be the second. Every `:` outside a string separates one
 *   object member, so a text whose member count (the scan) exceeds what the parsed value holds
 *   (countMembers) repeats a key somewhere. Only then is the text scanned again to name the key.
 * - **Numbers not in their shortest form** (traffic/numbers.ts): flagged by the same pass, so that
 *   only an element that may hold one is scanned for them token by token.
 * - **Invalid UTF-8** and **overlong lines** are found by the reader before any text is decoded;
 *   they arrive here as the shape codes below.
 */
/** The deepest nesting of arrays and objects a record may have (the record object is level 1). */
const recordShape_MAX_RECORD_DEPTH = 64;
const recordShape_SHAPE_TOO_DEEP = -1;
const recordShape_SHAPE_INVALID_UTF8 = -2;
const recordShape_SHAPE_TOO_LONG = -3;
/** The shape of a parseable element. */
function recordShape_parsedShape(colons, respelled) {
    return colons * 2 + (respelled ? 1 : 0);
}
/** The object members a parseable element's text holds (its `:` outside strings). */
function shapeMembers(shape) {
    return shape >> 1;
}
/** Whether a parseable element may hold a number not written in its shortest form. */
function shapeMayHoldRespelledNumber(shape) {
    return shape >= 0 && (shape & 1) === 1;
}
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_E = 0x45;
const LOWER_E = 0x65;
/**
 * Reads the number token starting at `i` (a `-` or a digit outside strings): its end, negated
 * when it may not be in its shortest form. Only the token's own bytes are read.
 */
function numberToken(at, i, to) {
    const first = at(i);
    let digits = first === MINUS ? 0 : 1;
    let other = false;
    let j = i + 1;
    for (; j < to; j++) {
        const c = at(j);
        if (c >= DIGIT_0 && c <= DIGIT_9)
            digits++;
        else if (c === DOT || c === UPPER_E || c === LOWER_E || c === PLUS || c === MINUS)
            other = true;
        else
            break;
    }
    const negativeZero = first === MINUS && digits === 1 && i + 1 < to && at(i + 1) === DIGIT_0;
    return other || digits >= 16 || negativeZero ? -j : j;
}
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
/** The shape of `bytes[from, to)` (UTF-8 JSON): structure bytes are ASCII, so bytes suffice. */
function scanShapeBytes(bytes, from, to) {
    let colons = 0;
    let depth = 0;
    let respelled = false;
    for (let i = from; i < to; i++) {
        const b = bytes[i];
        if (b === QUOTE) {
            for (i++; i < to; i++) {
                const c = bytes[i];
                if (c === BACKSLASH)
                    i++;
                else if (c === QUOTE)
                    break;
            }
        }
        else if (b === COLON)
            colons++;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
            if (++depth > recordShape_MAX_RECORD_DEPTH)
                return recordShape_SHAPE_TOO_DEEP;
        }
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET)
            depth--;
        else if (b === MINUS || (b >= DIGIT_0 && b <= DIGIT_9)) {
            // A number token, read whole here (numberToken, inlined: this loop runs on every line).
            let digits = b === MINUS ? 0 : 1;
            let j = i + 1;
            for (; j < to; j++) {
                const c = bytes[j];
                if (c >= DIGIT_0 && c <= DIGIT_9)
                    digits++;
                else if (c === DOT || c === UPPER_E || c === LOWER_E || c === PLUS || c === MINUS)
                    respelled = true;
                else
                    break;
            }
            if (digits >= 16 || (b === MINUS && digits === 1 && bytes[i + 1] === DIGIT_0))
                respelled = true;
            i = j - 1;
        }
    }
    return recordShape_parsedShape(colons, respelled);
}
/** The same for text that is already decoded (callers without the bytes). */
function recordShape_scanShapeText(text) {
    let colons = 0;
    let depth = 0;
    let respelled = false;
    const to = text.length;
    const at = (k) => text.charCodeAt(k);
    for (let i = 0; i < to; i++) {
        const b = text.charCodeAt(i);
        if (b === QUOTE) {
            for (i++; i < to; i++) {
                const c = text.charCodeAt(i);
                if (c === BACKSLASH)
                    i++;
                else if (c === QUOTE)
                    break;
            }
        }
        else if (b === COLON)
            colons++;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
            if (++depth > recordShape_MAX_RECORD_DEPTH)
                return recordShape_SHAPE_TOO_DEEP;
        }
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET)
            depth--;
        else if (b === MINUS || (b >= DIGIT_0 && b <= DIGIT_9)) {
            const end = numberToken(at, i, to);
            if (end < 0)
                respelled = true;
            i = Math.abs(end) - 1;
        }
    }
    return recordShape_parsedShape(colons, respelled);
}
/**
 * Object members in a parsed value. Recursion is safe: the scan already bounded the depth.
 * Allocation-free (no Object.keys): it runs for every record.
 */
function countMembers(value) {
    if (typeof value !== 'object' || value === null)
        return 0;
    let n = 0;
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
            const item = value[i];
            if (typeof item === 'object' && item !== null)
                n += countMembers(item);
        }
        return n;
    }
    const record = value;
    for (const key in record) {
        n++;
        const item = record[key];
        if (typeof item === 'object' && item !== null)
            n += countMembers(item);
    }
    return n;
}
/**
 * Whether a parsed element holds a lone UTF-16 surrogate in a string or a key. JSON text can spell
 * one (`"\ud800"`) though no UTF-8 can carry it, and opa-wasm refuses to read it: such a record is
 * evaluated on its own, never given a cached decision (DecisionCache.alone), so whether it fails does
 * not depend on which records came before it. `text` is the element's JSON: only a `\u` escape
 * can make a lone surrogate, so the common element is cleared by one search. Recursion is safe:
 * the element's depth is bounded (MAX_RECORD_DEPTH).
 */
function hasLoneSurrogate(text, value) {
    return text.includes('\\u') && holdsLoneSurrogate(value);
}
function holdsLoneSurrogate(value) {
    if (typeof value === 'string')
        return !value.isWellFormed();
    if (typeof value !== 'object' || value === null)
        return false;
    if (Array.isArray(value))
        return value.some(holdsLoneSurrogate);
    for (const key in value)
        if (!key.isWellFormed() || holdsLoneSurrogate(value[key]))
            return true;
    return false;
}
/**
 * The first key that appears twice in one object of `text` (valid JSON), for the malformed
 * reason. Slow (a tokenizer with a key set per open object): only run once countMembers has
 * shown that some key repeats.
 */
function findRepeatedKey(text) {
    const stack = [];
    const pathOfTop = () => {
        let path = '';
        for (let f = 0; f < stack.length - 1; f++) {
            const frame = stack[f];
            if (frame.keys === null)
                path += `[${frame.index}]`;
            else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(frame.key))
                path += path === '' ? frame.key : `.${frame.key}`;
            else
                path += `[${JSON.stringify(frame.key)}]`;
        }
        return path === '' ? 'record' : path;
    };
    let expectKey = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
            let j = i + 1;
            while (j < text.length && text[j] !== '"')
                j += text[j] === '\\' ? 2 : 1;
            const top = stack[stack.length - 1];
            if (expectKey && top?.keys) {
                const key = JSON.parse(text.slice(i, j + 1));
                if (top.keys.has(key))
                    return { key, path: pathOfTop() };
                top.keys.add(key);
                top.key = key;
                expectKey = false;
            }
            i = j;
        }
        else if (c === '{') {
            stack.push({ keys: new Set(), key: '', index: 0 });
            expectKey = true;
        }
        else if (c === '[') {
            stack.push({ keys: null, key: '', index: 0 });
        }
        else if (c === '}' || c === ']') {
            stack.pop();
        }
        else if (c === ',') {
            const top = stack[stack.length - 1];
            if (top?.keys)
                expectKey = true;
            else if (top)
                top.index++;
        }
    }
    return null;
}
/** The malformed reason of an element whose shape is a negative code (or a repeated key). */
function shapeReason(shape, maxLineBytes) {
    switch (shape) {
        case recordShape_SHAPE_TOO_DEEP:
            return `nested deeper than ${recordShape_MAX_RECORD_DEPTH} levels of arrays and objects (the limit for a record)`;
        case recordShape_SHAPE_INVALID_UTF8:
            return 'not valid UTF-8 (replaying it would silently change its text)';
        case recordShape_SHAPE_TOO_LONG:
            return `longer than ${maxLineBytes} bytes, the --max-line-bytes limit (raise it with --max-line-bytes, or max-line-bytes in the Action's limits input)`;
        default:
            return 'not a valid traffic record';
    }
}
function repeatedKeyReason(repeated) {
    return repeated === null
        ? 'a key appears twice in one object (JSON keeps only the last)'
        : `key ${JSON.stringify(repeated.key)} appears twice in ${repeated.path === 'record' ? 'the record' : repeated.path} (JSON would keep only the last)`;
}

;// CONCATENATED MODULE: ./build/traffic/bytes.js
/** Byte-level helpers shared by the traffic splitters (JSON Lines and `.json` arrays). */
/** Default `maxLineBytes`: the longest line (or `.json` element) read as a record, 1 MiB. */
const bytes_DEFAULT_MAX_LINE_BYTES = 1 << 20;
const bytes_LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
function isBlank(buf, start, end) {
    for (let i = start; i < end; i++) {
        const b = buf[i];
        if (b !== SPACE && b !== TAB && b !== CR)
            return false;
    }
    return true;
}
function bytes_hasBom(buf, start, end) {
    return end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf;
}
function bytes_isWhitespace(b) {
    return b === SPACE || b === bytes_LF || b === CR || b === TAB;
}

;// CONCATENATED MODULE: ./build/traffic/recordParse.js




/**
 * Turns parsed values into items: validation plus duplicate detection. One per read; exported so a
 * caller holding values from elsewhere (tests, a shard merge) judges them the same way.
 */
class recordParse_RecordClassifier {
    maxLineBytes;
    ids = new RequestIdTable();
    constructor(maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.maxLineBytes = maxLineBytes;
    }
    classifyText(text, line, shape) {
        const item = parseRecordText(text, line, shape, this.maxLineBytes);
        return item.kind === 'record' ? this.claim(item.record, line) : item;
    }
    classifyValue(value, line) {
        const item = validateRecordValue(value, line);
        return item.kind === 'record' ? this.claim(item.record, line) : item;
    }
    /** The first valid record with an id keeps it; a later one with the same id is malformed. */
    claim(value, line) {
        const id = value.request_id;
        const first = this.ids.claim(id, line);
        if (first !== undefined)
            return { kind: 'malformed', line, reason: recordParse_duplicateReason(id, first), request_id: id };
        return { kind: 'record', line, record: value };
    }
}
/**
 * One line (or array element) of a sample: parsed once and validated, duplicates not judged. The
 * reader and the replay's per-record step (which judges duplicates in file order on the main
 * thread) share it, so both say the same thing about the same text.
 */
function parseRecordText(text, line, shape = scanShapeText(text), maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const parsed = recordParse_parseElementJson(text, shape, maxLineBytes);
    if (parsed.ok)
        return validateRecordValue(parsed.value, line);
    return parsed.request_id === undefined
        ? { kind: 'malformed', line, reason: parsed.reason }
        : { kind: 'malformed', line, reason: parsed.reason, request_id: parsed.request_id };
}
/**
 * One element's JSON, or why it is not usable JSON — its shape refused (too long, invalid UTF-8,
 * too deep), not JSON, or a key repeated in one object: the one parse every sample format shares
 * (records and OPA decision events, docs/decision-logs.md), so they agree on what is malformed.
 */
function recordParse_parseElementJson(text, shape = recordShape_scanShapeText(text), maxLineBytes = bytes_DEFAULT_MAX_LINE_BYTES) {
    if (shape < 0)
        return { ok: false, reason: shapeReason(shape, maxLineBytes) };
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        return { ok: false, reason: `not JSON: ${error.message}` };
    }
    if (countMembers(value) !== shapeMembers(shape)) {
        const reason = repeatedKeyReason(findRepeatedKey(text));
        const id = idOf(value);
        return id === undefined
            ? { ok: false, reason, repeatedKeyValue: value }
            : { ok: false, reason, request_id: id, repeatedKeyValue: value };
    }
    return { ok: true, value };
}
function validateRecordValue(value, line) {
    if (isTrafficRecord(value))
        return { kind: 'record', line, record: value };
    const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
    const id = idOf(value);
    return id === undefined
        ? { kind: 'malformed', line, reason }
        : { kind: 'malformed', line, reason, request_id: id };
}
/** The malformed reason of a second valid record with an id already replayed. */
function recordParse_duplicateReason(id, firstLine) {
    return `request_id: duplicate ${JSON.stringify(id)} (first on line ${firstLine})`;
}
/** The request_id of a value that is not a valid record, when it has a usable one. */
function idOf(value) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const id = value.request_id;
    return typeof id === 'string' && id.length > 0 ? id : undefined;
}

;// CONCATENATED MODULE: external "node:buffer"
const external_node_buffer_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
;// CONCATENATED MODULE: ./build/traffic/lineChunker.js



function countLines(buf) {
    let n = 0;
    for (let i = buf.indexOf(LF); i >= 0; i = buf.indexOf(LF, i + 1))
        n++;
    return n;
}
/**
 * Cuts a stream of bytes into runs of whole lines (each ending with its LF, except the last line
 * of a file without a final newline), numbering them: the unit the replay hands to a worker. A
 * run is emitted once at least `minBytes` of whole lines are waiting (0: as soon as there is one
 * line); only bytes that straddle two input chunks are copied.
 *
 * A line longer than `maxLineBytes` is kept only up to `maxLineBytes + 1` bytes and the rest of
 * it is dropped as it arrives, so a stream without line breaks (1 GB of zeros out of a 1 MB gzip)
 * holds at most `minBytes` + one input chunk + `maxLineBytes` in memory; forEachLine then reports
 * the line as too long.
 */
class lineChunker_LineChunker {
    minBytes;
    maxLineBytes;
    pending = [];
    pendingBytes = 0;
    /** Bytes of the unterminated line at the end of `pending`. */
    partialBytes = 0;
    /** The current line passed maxLineBytes: drop bytes until its LF. */
    skipping = false;
    nextLine = 1;
    constructor(minBytes = 0, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.minBytes = minBytes;
        this.maxLineBytes = maxLineBytes;
    }
    push(input) {
        let chunk = input;
        if (this.skipping) {
            const lf = chunk.indexOf(LF);
            if (lf < 0)
                return null;
            // The LF ends the kept prefix of the long line.
            this.skipping = false;
            chunk = chunk.subarray(lf);
        }
        const nl = chunk.lastIndexOf(LF);
        if (nl < 0) {
            this.extendPartial(chunk);
            return null;
        }
        const head = chunk.subarray(0, nl + 1);
        const tail = chunk.subarray(nl + 1);
        let emitted = null;
        if (this.pendingBytes + head.length < this.minBytes)
            this.append(head);
        else {
            let bytes;
            if (this.pending.length === 0)
                bytes = head;
            else {
                this.pending.push(head);
                bytes = Buffer.concat(this.pending, this.pendingBytes + head.length);
            }
            this.pending = [];
            this.pendingBytes = 0;
            emitted = this.emit(bytes);
        }
        this.partialBytes = 0;
        this.extendPartial(tail);
        return emitted;
    }
    /** What is left at the end of the file (whole lines, and a last line without its LF). */
    end() {
        this.skipping = false;
        this.partialBytes = 0;
        if (this.pendingBytes === 0)
            return null;
        const bytes = Buffer.concat(this.pending, this.pendingBytes);
        this.pending = [];
        this.pendingBytes = 0;
        return this.emit(bytes);
    }
    append(bytes) {
        if (bytes.length === 0)
            return;
        this.pending.push(bytes);
        this.pendingBytes += bytes.length;
    }
    /** Adds bytes of the unterminated line, keeping at most maxLineBytes + 1 of it. */
    extendPartial(bytes) {
        const room = this.maxLineBytes + 1 - this.partialBytes;
        if (bytes.length < room) {
            this.append(bytes);
            this.partialBytes += bytes.length;
            return;
        }
        this.append(bytes.subarray(0, room));
        this.partialBytes += room;
        this.skipping = true;
    }
    emit(bytes) {
        const lines = countLines(bytes) + (bytes[bytes.length - 1] === LF ? 0 : 1);
        const chunk = { bytes, firstLine: this.nextLine, lines };
        this.nextLine += lines;
        return chunk;
    }
}
/**
 * Calls `fn` with the text, line number and shape (recordShape.ts) of each line of a LineChunk
 * that is not blank. A UTF-8 byte-order mark on line 1 and a line's trailing CR are dropped. A
 * line longer than `maxLineBytes`, or not valid UTF-8, comes with its negative shape code and no
 * text: it is never decoded. UTF-8 is checked once for the whole run, and line by line only when
 * the run holds an invalid sequence.
 */
function lineChunker_forEachLine(bytes, firstLine, fn, maxLineBytes = bytes_DEFAULT_MAX_LINE_BYTES, 
/** false: a readable line's shape is not scanned (0), for readers that parse it otherwise. */
scanShapes = true) {
    const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const allUtf8 = (0,external_node_buffer_namespaceObject.isUtf8)(buf);
    let line = firstLine;
    let start = 0;
    for (;;) {
        const nl = buf.indexOf(bytes_LF, start);
        const stop = nl < 0 ? buf.length : nl;
        if (nl >= 0 || start < buf.length) {
            let from = start;
            let to = stop;
            if (line === 1 && bytes_hasBom(buf, from, to))
                from += 3;
            if (to > from && buf[to - 1] === CR)
                to--;
            if (to - from > maxLineBytes)
                fn('', line, recordShape_SHAPE_TOO_LONG);
            else if (!isBlank(buf, from, to)) {
                if (!allUtf8 && !(0,external_node_buffer_namespaceObject.isUtf8)(buf.subarray(from, to)))
                    fn('', line, recordShape_SHAPE_INVALID_UTF8);
                else
                    fn(buf.toString('utf8', from, to), line, scanShapes ? scanShapeBytes(buf, from, to) : 0);
            }
        }
        if (nl < 0)
            return;
        line++;
        start = nl + 1;
    }
}
/** JSON Lines for readTrafficElements: the same cutting and numbering as the replay's chunks. */
class lineChunker_LineSplitter {
    sink;
    maxLineBytes;
    chunker;
    constructor(sink, maxLineBytes) {
        this.sink = sink;
        this.maxLineBytes = maxLineBytes;
        this.chunker = new lineChunker_LineChunker(0, maxLineBytes);
    }
    push(chunk) {
        return this.elements(this.chunker.push(chunk));
    }
    end() {
        return this.elements(this.chunker.end());
    }
    elements(chunk) {
        const items = [];
        if (chunk !== null)
            lineChunker_forEachLine(chunk.bytes, chunk.firstLine, (text, line, shape) => items.push(this.sink.element(text, line, shape)), this.maxLineBytes);
        return items;
    }
}

;// CONCATENATED MODULE: ./build/canonical/sha256.js


/** Hex SHA-256 of a file's bytes as stored (compressed bytes for `.gz`), read as a stream. */
async function sha256_sha256OfFile(path) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }))
        hash.update(chunk);
    return hash.digest('hex');
}
/** Hex SHA-256 of a text's UTF-8 bytes. */
function sha256OfText(text) {
    return createHash('sha256').update(text, 'utf8').digest('hex');
}

;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:stream"
const external_node_stream_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
;// CONCATENATED MODULE: external "node:zlib"
const external_node_zlib_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");
;// CONCATENATED MODULE: ./build/traffic/trafficFile.js





/** A traffic file that cannot be read at all (as opposed to a malformed record inside it). */
class trafficFile_TrafficReadError extends Error {
    path;
    line;
    name = 'TrafficReadError';
    constructor(path, message, 
    /** 1-based line in the (decompressed) file, when the problem has one. */
    line) {
        super(line === undefined ? `${path}: ${message}` : `${path}:${line}: ${message}`);
        this.path = path;
        this.line = line;
    }
}
function trafficFormatOf(path) {
    const lower = path.toLowerCase();
    if (lower.endsWith('.jsonl.gz'))
        return 'jsonl.gz';
    if (lower.endsWith('.jsonl'))
        return 'jsonl';
    if (lower.endsWith('.json.gz'))
        return 'json.gz';
    if (lower.endsWith('.json'))
        return 'json';
    throw new trafficFile_TrafficReadError(path, 'unsupported traffic file: expected .jsonl, .jsonl.gz or .json');
}
function trafficFile_layoutOf(path, options) {
    return options.layout ?? (trafficFormatOf(path).startsWith('jsonl') ? 'lines' : 'array');
}
const DEFAULT_CHUNK = (/* unused pure expression or super */ null && (1 << 20));
/**
 * Whether the file starts with gzip's magic bytes. A compressed export saved without its `.gz`
 * would otherwise read as lines of binary, every one "not JSON"; the content decides, not the name.
 */
function looksGzipped(path) {
    let fd = null;
    try {
        fd = openSync(path, 'r');
        const magic = Buffer.alloc(2);
        return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
    }
    catch {
        return false; // the stream reports the error with its own message
    }
    finally {
        if (fd !== null)
            closeSync(fd);
    }
}
function openSource(path, gzipByName, chunkSize) {
    const file = createReadStream(path, { highWaterMark: chunkSize });
    if (!gzipByName && !looksGzipped(path))
        return file;
    const gunzip = createGunzip({ chunkSize: Math.max(64, Math.min(chunkSize, 1 << 18)) });
    // pipeline forwards a read error of the file into the gunzip stream we iterate.
    pipeline(file, gunzip, () => undefined);
    return gunzip;
}
function readError(path, error) {
    if (error instanceof trafficFile_TrafficReadError)
        return error;
    const e = error;
    if (e.code === 'ENOENT')
        return new trafficFile_TrafficReadError(path, 'no such file');
    if (e.code === 'ENOTDIR')
        return new trafficFile_TrafficReadError(path, 'no such file (a parent is not a directory)');
    if (e.code === 'EISDIR')
        return new trafficFile_TrafficReadError(path, 'is a directory, not a traffic file');
    // Only gunzip fails with Z_ codes, also when the content (not the name) said gzip.
    if (typeof e.code === 'string' && e.code.startsWith('Z_'))
        return new trafficFile_TrafficReadError(path, `not a valid gzip file (${e.message})`);
    return new trafficFile_TrafficReadError(path, `cannot read: ${e.message ?? String(error)}`);
}
/**
 * The decompressed bytes of a traffic file, in file order, as they come off the disk (or out of
 * gunzip). I/O and gzip failures surface as TrafficReadError.
 */
async function* trafficFile_readTrafficBytes(path, options = {}) {
    await trafficFile_assertRegularFile(path);
    const gzip = options.layout === undefined ? trafficFormatOf(path).endsWith('.gz') : path.toLowerCase().endsWith('.gz');
    const source = openSource(path, gzip, options.chunkSize ?? DEFAULT_CHUNK);
    try {
        let chunks;
        try {
            chunks = source[Symbol.asyncIterator]();
        }
        catch (error) {
            throw readError(path, error);
        }
        for (;;) {
            let next;
            try {
                next = await chunks.next();
            }
            catch (error) {
                throw readError(path, error);
            }
            if (next.done === true)
                break;
            yield next.value;
        }
    }
    finally {
        source.destroy();
    }
}
/** Hex SHA-256 of a traffic file as stored; an unreadable file is a TrafficReadError. */
async function trafficSha256(path) {
    await trafficFile_assertRegularFile(path);
    try {
        return await sha256OfFile(path);
    }
    catch (error) {
        throw readError(path, error);
    }
}
/**
 * Only a regular file (or a symlink to one) is a sample: `/dev/zero` or a FIFO would be read
 * forever or block, and a directory is a mistake in the path.
 */
async function trafficFile_assertRegularFile(path) {
    let info;
    try {
        info = await stat(path);
    }
    catch (error) {
        throw readError(path, error);
    }
    if (info.isFile())
        return;
    if (info.isDirectory())
        throw new trafficFile_TrafficReadError(path, 'is a directory, not a traffic file');
    const what = info.isFIFO()
        ? 'a FIFO (named pipe)'
        : info.isCharacterDevice() || info.isBlockDevice()
            ? 'a device'
            : info.isSocket()
                ? 'a socket'
                : 'not a regular file';
    throw new trafficFile_TrafficReadError(path, `is ${what}, not a traffic file: a sample must be a regular file (write a stream to a file first)`);
}

;// CONCATENATED MODULE: ./build/traffic/arraySplitter.js




/** Scanner states of ArraySplitter (plain numbers: the hot loop switches on them). */
const ArrayState = {
    /** Before the opening `[`. */
    Before: 0,
    /** Inside the array, expecting an element (or `]`). */
    Between: 1,
    /** Inside an element. */
    Element: 2,
    /** After the closing `]`. */
    Done: 3,
};
/**
 * A `.json` array, split into top-level elements by a byte scanner that tracks strings and nesting
 * depth; each element is then parsed on its own, so the array is never held in memory whole. The
 * same scan yields each element's shape (recordShape.ts); an element longer than `maxLineBytes`
 * is not kept at all, only scanned to its end and reported as too long.
 */
class arraySplitter_ArraySplitter {
    sink;
    path;
    maxElementBytes;
    state = ArrayState.Before;
    line = 1;
    depth = 0;
    inString = false;
    escaped = false;
    /** Pieces of the current element from earlier chunks. */
    pieces = [];
    /** Bytes of the current element in earlier chunks (kept in `pieces` unless too long). */
    pieceBytes = 0;
    /** The current element's `:` outside strings, and whether it nests too deep. */
    colons = 0;
    tooDeep = false;
    /**
     * The current element may hold a number not in its shortest form (recordShape.ts): a digit run
     * of 16 or more, a `.`, `e` or `E` after a digit, or `-0`, outside strings. `run` and `prev` are
     * the digits so far and the last byte outside strings (an element may span chunks).
     */
    respelled = false;
    run = 0;
    prev = 0;
    elementLine = 0;
    /** Elements (or commas) seen since `[`: a `]` or `,` right after a comma is an empty element. */
    afterComma = false;
    atStart = true;
    constructor(sink, path, maxElementBytes) {
        this.sink = sink;
        this.path = path;
        this.maxElementBytes = maxElementBytes;
    }
    push(chunk) {
        const items = [];
        let i = 0;
        if (this.atStart) {
            this.atStart = false;
            if (hasBom(chunk, 0, chunk.length))
                i = 3;
        }
        let elementStart = this.state === ArrayState.Element ? 0 : -1;
        const n = chunk.length;
        for (; i < n; i++) {
            const b = chunk[i];
            if (b === LF)
                this.line++;
            switch (this.state) {
                case ArrayState.Before:
                    if (b === 0x5b /* [ */)
                        this.state = ArrayState.Between;
                    else if (!isWhitespace(b))
                        throw new TrafficReadError(this.path, 'a .json traffic file must hold one JSON array of records', this.line);
                    break;
                case ArrayState.Between:
                    if (isWhitespace(b))
                        break;
                    if (b === 0x5d /* ] */) {
                        if (this.afterComma)
                            items.push(this.sink.empty(this.line));
                        this.state = ArrayState.Done;
                    }
                    else if (b === 0x2c /* , */) {
                        items.push(this.sink.empty(this.line));
                        this.afterComma = true;
                    }
                    else {
                        this.state = ArrayState.Element;
                        this.elementLine = this.line;
                        elementStart = i;
                        this.depth = 0;
                        this.inString = false;
                        this.escaped = false;
                        this.colons = 0;
                        this.tooDeep = false;
                        this.respelled = false;
                        this.run = 0;
                        this.prev = 0;
                        this.pieceBytes = 0;
                        i = this.scanElement(chunk, i, items, elementStart);
                        if (this.state !== ArrayState.Element)
                            elementStart = -1;
                    }
                    break;
                case ArrayState.Element:
                    i = this.scanElement(chunk, i, items, elementStart);
                    if (this.state !== ArrayState.Element)
                        elementStart = -1;
                    break;
                case ArrayState.Done:
                    if (!isWhitespace(b))
                        throw new TrafficReadError(this.path, 'unexpected text after the closing ] of the array', this.line);
                    break;
            }
        }
        if (this.state === ArrayState.Element && elementStart >= 0) {
            this.pieceBytes += chunk.length - elementStart;
            // Past the limit the element is only scanned to its end: memory stays bounded.
            if (this.pieceBytes > this.maxElementBytes)
                this.pieces = [];
            else
                this.pieces.push(chunk.subarray(elementStart));
        }
        return items;
    }
    /**
     * Scans from `i` (a byte of the current element) until the element ends at a top-level `,` or
     * `]`, or the chunk ends. Returns the index of the last byte consumed. Counts newlines itself
     * except for the byte at `i`, which the caller has counted.
     */
    scanElement(chunk, i, items, elementStart) {
        const n = chunk.length;
        for (let j = i; j < n; j++) {
            const b = chunk[j];
            if (j > i && b === LF)
                this.line++;
            if (this.inString) {
                if (this.escaped)
                    this.escaped = false;
                else if (b === 0x5c /* \ */)
                    this.escaped = true;
                else if (b === 0x22 /* " */)
                    this.inString = false;
                continue;
            }
            if (b >= 0x30 && b <= 0x39) {
                if (++this.run >= 16 || (b === 0x30 && this.prev === 0x2d) /* -0 */)
                    this.respelled = true;
            }
            else {
                if ((b === 0x2e || b === 0x45 || b === 0x65) /* . E e */ && this.run > 0)
                    this.respelled = true;
                this.run = 0;
            }
            this.prev = b;
            if (b === 0x22)
                this.inString = true;
            else if (b === 0x3a /* : */)
                this.colons++;
            else if (b === 0x7b /* { */ || b === 0x5b /* [ */) {
                if (++this.depth > MAX_RECORD_DEPTH)
                    this.tooDeep = true;
            }
            else if ((b === 0x7d /* } */ || b === 0x5d) /* ] */ && this.depth > 0)
                this.depth--;
            else if (this.depth === 0 && (b === 0x2c || b === 0x5d)) {
                this.finishElement(chunk, elementStart, j, items);
                if (b === 0x5d)
                    this.state = ArrayState.Done;
                else {
                    this.state = ArrayState.Between;
                    this.afterComma = true;
                }
                return j;
            }
        }
        return n - 1;
    }
    finishElement(chunk, start, end, items) {
        const from = Math.max(start, 0);
        const size = this.pieceBytes + end - from;
        let bytes = null;
        if (size <= this.maxElementBytes)
            bytes =
                this.pieces.length > 0
                    ? Buffer.concat([...this.pieces, chunk.subarray(from, end)])
                    : chunk.subarray(from, end);
        this.pieces = [];
        this.pieceBytes = 0;
        let item;
        if (bytes === null)
            item = this.sink.element('', this.elementLine, SHAPE_TOO_LONG);
        else if (!isUtf8(bytes))
            item = this.sink.element('', this.elementLine, SHAPE_INVALID_UTF8);
        else
            item = this.sink.element(bytes.toString('utf8'), this.elementLine, this.tooDeep ? SHAPE_TOO_DEEP : parsedShape(this.colons, this.respelled));
        items.push(item);
        this.afterComma = false;
    }
    end() {
        if (this.state === ArrayState.Before)
            throw new TrafficReadError(this.path, 'a .json traffic file must hold one JSON array of records', this.line);
        if (this.state !== ArrayState.Done)
            throw new TrafficReadError(this.path, 'the JSON array is not closed (file truncated?)', this.line);
        return [];
    }
}

;// CONCATENATED MODULE: ./build/traffic/reader.js






/**
 * The streaming traffic reader (docs/traffic.md). Memory does not grow with the sample except for the
 * set of request ids already seen (duplicate detection needs it; requestIdTable.ts keeps it off
 * the JS heap).
 *
 * Decisions (docs/traffic.md):
 * - Line numbers are physical 1-based line numbers in the (decompressed) file. Blank or
 *   whitespace-only lines in JSON Lines are skipped: they are not records, not malformed, and not
 *   counted, but they still advance the line number so later numbers match an editor.
 * - A `.json` array element's line is the line of its first character.
 * - Only replayed (valid) records claim a request id: a valid record after a malformed one with the
 *   same id is replayed; a second valid record with an id already replayed is malformed.
 * - A trailing `\r` (CRLF files) and a UTF-8 byte-order mark at the start are ignored.
 * - A `.json` file that is not one array (no `[`, text after `]`, no closing `]`) cannot be split
 *   into records and fails the read with a `TrafficReadError`; so do I/O and gzip errors.
 * - Hostile input is a malformed record, never a stopped run or unbounded memory
 *   (docs/security.md): a line (or `.json` element) longer than `maxLineBytes` is kept only up to
 *   that length while the rest is skipped, so memory stays bounded whatever the (decompressed)
 *   input; a line that is not valid UTF-8, nested deeper than MAX_RECORD_DEPTH or repeating a key
 *   in one object is malformed (recordShape.ts). Only regular files are read: a device, FIFO or
 *   directory would never end or never start.
 */
// The reader's parts, re-exported so importers keep one entry point.





/**
 * Reads a traffic file as batches of items (one batch per chunk read), in file order. The batch
 * form exists for throughput: it costs one await per chunk instead of one per record.
 */
async function* readTrafficBatches(path, options = {}) {
    const classifier = new RecordClassifier(options.maxLineBytes);
    const sink = {
        element: (text, line, shape) => classifier.classifyText(text, line, shape),
        empty: (line) => ({ kind: 'malformed', line, reason: EMPTY_ELEMENT_REASON }),
    };
    yield* reader_readTrafficElements(path, sink, options);
}
/**
 * The elements of a traffic file (JSON Lines lines, or `.json` array elements) as the text of
 * each with its line, mapped by `sink`, in batches in file order. Splitting only: what an element
 * is (a record, a repeat, malformed) is the sink's business.
 */
async function* reader_readTrafficElements(path, sink, options = {}) {
    await assertRegularFile(path);
    const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    const splitter = reader_elementSplitter(layoutOf(path, options), sink, path, maxLineBytes);
    for await (const chunk of readTrafficBytes(path, options)) {
        const items = splitter.push(chunk);
        if (items.length > 0)
            yield items;
    }
    const rest = splitter.end();
    if (rest.length > 0)
        yield rest;
}
/** Reads a traffic file item by item, in file order. */
async function* readTraffic(path, options = {}) {
    for await (const batch of readTrafficBatches(path, options))
        yield* batch;
}
function reader_elementSplitter(layout, sink, path, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    return layout === 'lines'
        ? new LineSplitter(sink, maxLineBytes)
        : new ArraySplitter(sink, path, maxLineBytes);
}

;// CONCATENATED MODULE: ./build/unknowns/recordUnknowns.js
/**
 * A record's unknown set (docs/unknowns.md "What a record does not know"): the pointers its
 * `unavailable` entries stand for, its `unknown_paths` (for records converted from OPA decision
 * logs, the event's erased and masked pointers: traffic/decisionLog.ts), and the numbers it holds
 * in a form JavaScript does not keep (traffic/numbers.ts).
 */


/**
 * Where the reader keeps the numbers of a record's input that are not written in their shortest
 * form (traffic/numbers.ts), as segments below `/input`. A symbol: no record's JSON can set it,
 * and validation (which sees only string keys) never meets it.
 */
const INEXACT_NUMBERS = Symbol('inexact numbers');
/**
 * Whether the record may lack something: it has `unavailable` entries, `unknown_paths`, unpaired
 * calls or inexact numbers. false is the common case, and the replay then takes its two-valued
 * path unchanged.
 */
function recordUnknowns_hasUnknowns(record) {
    const unavailable = record.unavailable;
    const paths = record.unknown_paths;
    return ((unavailable !== undefined && unavailable.length > 0) ||
        (paths !== undefined && paths.length > 0) ||
        record.unpaired !== undefined ||
        record[INEXACT_NUMBERS] !== undefined);
}
/**
 * A text equal for two records exactly when their unknown sets are equal as written and their
 * calls are paired alike (unpaired with the same call_count, or paired): what the three-valued
 * evaluation depends on besides the input's values. Assumes hasUnknowns(record).
 */
function unknownKey(record) {
    const unpaired = record.unpaired === undefined ? 'p' : `u${record.unpaired.call_count}`;
    const numbers = record[INEXACT_NUMBERS];
    const key = `${unpaired}${JSON.stringify(record.unavailable ?? [])}${JSON.stringify(record.unknown_paths ?? [])}`;
    return numbers === undefined ? key : `${key}${JSON.stringify(numbers)}`;
}
/** The pointers of what the record lacks: its `unavailable` entries and `unknown_paths`. */
function missingPointers(record) {
    const out = [];
    for (const entry of record.unavailable ?? [])
        out.push(...unavailablePointers(entry));
    // The record validators accept only pointers parseInputPointer parses.
    for (const path of record.unknown_paths ?? [])
        out.push(parseInputPointer(path));
    return out;
}
/**
 * The unknown set's pointers, as segments below `/input`: what the record lacks, then the numbers
 * it holds in a form JavaScript does not keep.
 */
function unknownPointers(record) {
    const out = missingPointers(record);
    const numbers = record[INEXACT_NUMBERS];
    if (numbers !== undefined)
        out.push(...numbers);
    return out;
}
/** The unknown set in the form the evaluators take it (the numbers apart, for their reason). */
function recordUnknowns_unknownDataOf(record) {
    const data = { pointers: missingPointers(record), unpaired: record.unpaired ?? null };
    const numbers = record[INEXACT_NUMBERS];
    if (numbers !== undefined)
        data.numbers = numbers;
    return data;
}

;// CONCATENATED MODULE: ./build/traffic/numbers.js
/**
 * Numbers a record spells in a way JavaScript does not keep (docs/unknowns.md "Numbers JavaScript
 * cannot hold").
 *
 * OPA keeps a JSON number as its text, and the generated Rego compares numbers by that text (and
 * `unparsable_calls` by its exact value). The replay holds numbers as IEEE doubles, whose text is
 * the shortest one that reads back to the same double. The two agree exactly when the recorded
 * text *is* that shortest text; any other spelling (`1e309`, which reads as Infinity;
 * `12345678901234567890`, beyond 2^53; `0.1000000000000000055511151231257827`; `10.0`; `1E2`; `-0`)
 * may be judged differently by OPA, so the replay treats the value there as unknown rather than
 * decide on a number OPA never saw.
 *
 * Finding them needs the element's text (JSON.parse has already rounded). The reader's shape scan
 * (recordShape.ts) flags an element that may hold one; only such an element is scanned token by
 * token here.
 */


/** Whether JavaScript writes the number `token` reads as with exactly these characters. */
function isShortestForm(token) {
    return String(Number(token)) === token;
}
const numbers_QUOTE = 0x22;
const numbers_BACKSLASH = 0x5c;
function isNumberChar(c) {
    // 0-9 . - + e E
    return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2b || c === 0x65 || c === 0x45;
}
/**
 * The number tokens of `text` (valid JSON, as the reader has already parsed it) that the replay
 * cannot judge as OPA does, in text order: every token not in its shortest form, and every token
 * equal in value to one of those. The second kind is in its shortest form yet OPA may still see
 * the other spelling there: within one evaluation OPA reuses a function's result for arguments
 * equal in value (`10` after `1E1` takes the text "1E1"), so its decision on either depends on
 * which it met first. Values are compared as doubles: numbers OPA finds equal are equal doubles.
 * Depth is bounded by the reader's shape check.
 */
function respelledNumbers(text) {
    const all = [];
    const respelled = new Set();
    const stack = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
        const c = text.charCodeAt(i);
        if (c === numbers_QUOTE) {
            let j = i + 1;
            let escaped = false;
            for (; j < n; j++) {
                const d = text.charCodeAt(j);
                if (d === numbers_BACKSLASH) {
                    escaped = true;
                    j++;
                }
                else if (d === numbers_QUOTE)
                    break;
            }
            const top = stack[stack.length - 1];
            if (top !== undefined && !top.array && top.expectKey) {
                top.key = escaped ? JSON.parse(text.slice(i, j + 1)) : text.slice(i + 1, j);
                top.expectKey = false;
            }
            i = j + 1;
            continue;
        }
        if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            stack.push({ array: c === 0x5b, key: '', index: 0, expectKey: c === 0x7b });
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
            stack.pop();
        }
        else if (c === 0x2c /* , */) {
            const top = stack[stack.length - 1];
            if (top !== undefined) {
                if (top.array)
                    top.index++;
                else
                    top.expectKey = true;
            }
        }
        else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
            let j = i + 1;
            while (j < n && isNumberChar(text.charCodeAt(j)))
                j++;
            const token = text.slice(i, j);
            if (!isShortestForm(token))
                respelled.add(Number(token));
            all.push({ path: stack.map((f) => (f.array ? String(f.index) : f.key)), token });
            i = j;
            continue;
        }
        i++;
    }
    if (respelled.size === 0)
        return [];
    // A Set compares by SameValueZero: -0 and 0 are one value, as they are to OPA.
    return all.filter(({ token }) => respelled.has(Number(token)));
}
const numbers_NONE = Object.freeze({ ok: true, pointers: [] });
/**
 * Judges the numbers of an element (a record, or an OPA decision event when `event`) that the
 * replay cannot judge as OPA does (respelledNumbers). One in the replayed input (`input.request`,
 * `input.identity`) becomes a pointer of the unknown set (segments below `/input`). A record's
 * `unpaired.call_count` is the export's own count, never OPA's: spelled otherwise (`2.0`, `2e0`)
 * it makes the record malformed. Numbers anywhere else (an event's metrics, other top-level input
 * keys) never reach a policy and are left alone. More than MAX_UNKNOWN_PATHS pointers is
 * malformed: each is matched against every location a policy reads.
 */
function judgeRespelledNumbers(text, event) {
    const found = respelledNumbers(text);
    if (found.length === 0)
        return numbers_NONE;
    const pointers = [];
    for (const { path, token } of found) {
        if (path[0] === 'input' && (path[1] === 'request' || path[1] === 'identity'))
            pointers.push(path.slice(1));
        else if (!event && path[0] === 'unpaired' && path.length === 2 && !isShortestForm(token))
            return {
                ok: false,
                reason: `unpaired.${path[1]}: must be a whole number written plainly, got ${token}`,
            };
    }
    if (pointers.length > MAX_UNKNOWN_PATHS)
        return {
            ok: false,
            reason: `input: holds ${pointers.length} numbers not written in their shortest form; at most ${MAX_UNKNOWN_PATHS} are replayed`,
        };
    return pointers.length === 0 ? numbers_NONE : { ok: true, pointers };
}
/** The record with its pointers of numbers not in shortest form (kept under a symbol: no JSON sets it). */
function withRespelledNumbers(record, pointers) {
    if (pointers.length > 0)
        record[INEXACT_NUMBERS] = pointers;
    return record;
}

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./build/traffic/sampleFiles.js




/** The most files one sample may have (report positions encode the file's index). */
const MAX_SAMPLE_FILES = (/* unused pure expression or super */ null && (1 << 20));
function compareShown(a, b) {
    return a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0;
}
function toShown(path) {
    const slashed = path.replace(/\\/g, '/');
    const normalized = posix.normalize(slashed);
    return normalized === '.' ? slashed : normalized;
}
function sampleFiles_describe(error) {
    const code = error?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
        return 'no such file or directory';
    if (code === 'EACCES' || code === 'EPERM')
        return 'permission denied';
    return error instanceof Error ? error.message : String(error);
}
async function walkDirectory(dir, out) {
    let dirents;
    try {
        dirents = await readdir(dir.path, { withFileTypes: true });
    }
    catch (error) {
        throw new TrafficReadError(dir.shown, `cannot list the directory: ${sampleFiles_describe(error)}`);
    }
    for (const dirent of dirents) {
        if (dirent.name.startsWith('.'))
            continue;
        const child = {
            shown: `${dir.shown.replace(/\/+$/, '')}/${dirent.name}`,
            path: join(dir.path, dirent.name),
        };
        if (dirent.isDirectory())
            await walkDirectory(child, out);
        else if (dirent.isFile())
            out.push(child);
        else if (dirent.isSymbolicLink()) {
            const info = await stat(child.path).catch(() => null);
            if (info?.isFile())
                out.push(child);
        }
    }
}
/**
 * The files a glob matches whose name `accept`s, sorted by the path as shown. The glob part is the
 * same in both spellings of `source`; only the base differs (workspace-relative as shown, absolute
 * as read). Directories starting with `.` and `node_modules` are not entered; a base that does not
 * exist matches nothing. Shared with `replay --manifests` (fidelity/report.ts).
 */
async function globFiles(source, accept = () => true) {
    const read = picomatch.scan(source.path);
    const shown = picomatch.scan(toShown(source.shown));
    const isMatch = picomatch(read.glob);
    const root = `${read.prefix}${read.base}` || '.';
    const shownBase = `${shown.prefix}${shown.base}`.replace(/^\.\//, '').replace(/\/+$/, '');
    // picomatch.scan does not flag `**` without its scanToEnd option: look for it.
    const maxDepth = read.glob.includes('**') ? Infinity : read.glob.split('/').length;
    const out = [];
    const walk = async (dir, relative, depth) => {
        let dirents;
        try {
            dirents = await readdir(dir, { withFileTypes: true });
        }
        catch {
            return;
        }
        for (const dirent of dirents) {
            const candidate = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
            const path = join(dir, dirent.name);
            if (dirent.isDirectory()) {
                if (depth < maxDepth && !dirent.name.startsWith('.') && dirent.name !== 'node_modules')
                    await walk(path, candidate, depth + 1);
                continue;
            }
            const isFile = dirent.isSymbolicLink()
                ? ((await stat(path).catch(() => null))?.isFile() ?? false)
                : dirent.isFile();
            if (isFile && accept(dirent.name) && isMatch(candidate))
                out.push({ shown: shownBase === '' ? candidate : `${shownBase}/${candidate}`, path });
        }
    };
    await walk(root, '', 1);
    return out.sort(compareShown);
}
/** Every file the sources name, once, sorted by the path as shown. */
async function sampleFiles_listSampleFiles(sources) {
    const found = [];
    for (const source of sources) {
        const before = found.length;
        let failure = null;
        const info = await stat(source.path).catch((error) => {
            failure = error;
            return null;
        });
        if (info !== null) {
            if (info.isDirectory()) {
                await walkDirectory({ shown: toShown(source.shown), path: source.path }, found);
                if (found.length === before)
                    throw new TrafficReadError(source.shown, 'the directory holds no file');
            }
            else
                found.push({ shown: toShown(source.shown), path: source.path });
            continue;
        }
        if (source.literal === true || !picomatch.scan(source.shown).isGlob) {
            const code = failure?.code;
            throw new TrafficReadError(source.shown, code === 'ENOENT' ? 'no such file' : sampleFiles_describe(failure));
        }
        found.push(...(await globFiles(source)));
        if (found.length === before)
            throw new TrafficReadError(source.shown, 'the pattern matches no file');
    }
    const seen = new Set();
    const files = found.sort(compareShown).filter((f) => {
        const key = resolve(f.path);
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
    if (files.length > MAX_SAMPLE_FILES)
        throw new TrafficReadError(sources[0]?.shown ?? '', `the sample has ${files.length} files; at most ${MAX_SAMPLE_FILES} are read (concatenate some)`);
    return files;
}

;// CONCATENATED MODULE: ./build/traffic/samplePlan.js




/** Positions of file `i` start at `i × FILE_STRIDE`. */
const samplePlan_FILE_STRIDE = 2 ** 32;
function samplePlan_fileIndexOf(position) {
    return Math.floor(position / samplePlan_FILE_STRIDE);
}
function isJsonLinesName(path) {
    return /\.jsonl(\.gz)?$/i.test(path);
}
const samplePlan_SPACE = 0x20;
const samplePlan_TAB = 0x09;
const samplePlan_LF = 0x0a;
const samplePlan_CR = 0x0d;
/** Index of the first byte that is not JSON whitespace (a leading BOM skipped), or -1. */
function firstContentByte(chunk, atStart) {
    let i = atStart && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    for (; i < chunk.length; i++) {
        const b = chunk[i];
        if (b !== samplePlan_SPACE && b !== samplePlan_TAB && b !== samplePlan_LF && b !== samplePlan_CR)
            return i;
    }
    return -1;
}
/** A reader error about `file.path`, renamed to the path as shown. */
function samplePlan_shownError(error, file) {
    if (!(error instanceof TrafficReadError) || error.path !== file.path || file.path === file.shown)
        return error;
    const rest = error.message.slice(file.path.length);
    const line = /^:(\d+): /.exec(rest);
    return new TrafficReadError(file.shown, rest.slice(line ? line[0].length : 2), error.line);
}
/** Reads `file` up to its first record or event: its layout and which it holds. */
async function sniffFile(file, maxLineBytes) {
    let layout = null;
    let index = 0;
    let evidence = null;
    let sawObject = false;
    /** Elements read as JSON at all (one refused for its length or bytes was not). */
    let parsedAny = false;
    const sink = {
        element: (text, line, shape) => {
            const where = layout === 'array' ? `${file.shown}:[${index}]` : `${file.shown}:${line}`;
            index++;
            if (evidence !== null)
                return;
            if (shape >= 0)
                parsedAny = true;
            const parsed = parseElementJson(text, shape, maxLineBytes);
            // An object repeating a key is still an object (malformed as a record or event, not as JSON).
            const value = parsed.ok ? parsed.value : parsed.repeatedKeyValue;
            if (!isObject(value))
                return;
            sawObject = true;
            if (Object.hasOwn(value, 'decision_id'))
                evidence = { kind: 'events', where };
            else if (Object.hasOwn(value, 'request_id'))
                evidence = { kind: 'records', where };
        },
        empty: () => {
            index++;
            parsedAny = true;
        },
    };
    let splitter = null;
    const waiting = [];
    try {
        for await (const chunk of readTrafficBytes(file.path, { layout: 'lines' })) {
            if (splitter === null) {
                waiting.push(chunk);
                const at = firstContentByte(chunk, waiting.length === 1);
                if (at < 0)
                    continue;
                const first = chunk[at];
                layout = first === 0x5b /* [ */ && !isJsonLinesName(file.path) ? 'array' : 'lines';
                splitter = elementSplitter(layout, sink, file.shown, maxLineBytes);
                for (const c of waiting.splice(0))
                    splitter.push(c);
            }
            else
                splitter.push(chunk);
            if (evidence !== null)
                break;
        }
        if (evidence === null)
            splitter?.end();
    }
    catch (error) {
        throw samplePlan_shownError(error, file);
    }
    // Every line malformed is a report; not one JSON object among the lines parsed is some other
    // file (a policy, a text log) named by mistake. Lines refused unparsed (too long, invalid
    // UTF-8: a hostile sample) are malformed records, as ever.
    if (parsedAny && !sawObject)
        throw new TrafficReadError(file.shown, 'not a traffic file: no line or array element is a JSON object (expected JSON Lines or a JSON array of records or OPA decision events)');
    return { layout: layout ?? 'lines', evidence };
}
/**
 * Lists and inspects the sample's files. Throws TrafficReadError for a sample that cannot be
 * replayed as one: unreadable, mixing records and decision events, or decision-log options on a
 * sample of records.
 */
async function planSample(sources, options, shown = sources.map((s) => s.shown).join(', '), maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    const files = await listSampleFiles(sources);
    const sniffed = [];
    for (const file of files)
        sniffed.push(await sniffFile(file, maxLineBytes));
    const records = sniffed.find((s) => s.evidence?.kind === 'records')?.evidence;
    const events = sniffed.find((s) => s.evidence?.kind === 'events')?.evidence;
    if (records && events) {
        throw new TrafficReadError(shown, `the sample mixes records of our own format (${records.where}) and OPA decision events (${events.where}); replay them as separate samples`);
    }
    if (records && hasDecisionLogOptions(options)) {
        throw new TrafficReadError(shown, `${describeDecisionLogOptions(options)}: these options read OPA decision logs, but the sample holds records of our own format (${records.where})`);
    }
    // Neither (an empty sample, a log without decisions): the options say what it was meant to be.
    const format = events || (!records && hasDecisionLogOptions(options)) ? 'opa-decision-log' : 'records';
    return {
        shown,
        format,
        files: files.map((file, i) => ({
            ...file,
            layout: sniffed[i].layout,
            indexed: format === 'opa-decision-log' && sniffed[i].layout === 'array',
        })),
        options,
        maxLineBytes,
    };
}

;// CONCATENATED MODULE: ./build/traffic/samplePosition.js


function positionOf(plan, position) {
    const index = fileIndexOf(position);
    const file = plan.files[index];
    const local = position - index * FILE_STRIDE;
    const where = {};
    if (plan.files.length > 1 && file)
        where.file = file.shown;
    if (file?.indexed)
        where.index = local;
    else
        where.line = local;
    return where;
}
/** `line 7`, `element [3]`, `logs/a.log:7`, `logs/b.json:[3]`. */
function samplePosition_positionText(plan, position) {
    return describePosition(positionOf(plan, position));
}
/** A report position in words (the text report, error messages). */
function describePosition(where) {
    const local = where.index !== undefined ? `[${where.index}]` : String(where.line ?? '?');
    if (where.file !== undefined)
        return `${where.file}:${local}`;
    return where.index !== undefined ? `element ${local}` : `line ${local}`;
}
/** The malformed reason of a second valid record with an id already replayed. */
function samplePosition_sampleDuplicateReason(plan, id, first) {
    if (plan.format === 'records' && plan.files.length <= 1)
        return duplicateReason(id, first);
    const key = plan.format === 'records' ? 'request_id' : 'decision_id';
    return `${key}: duplicate ${JSON.stringify(id)} (first on ${samplePosition_positionText(plan, first)})`;
}

;// CONCATENATED MODULE: ./build/traffic/sampleElement.js






const NON_DECISION = Object.freeze({ kind: 'skipped', otherPath: false });
const sampleElement_OTHER_PATH = Object.freeze({ kind: 'skipped', otherPath: true });
const MIXED = Object.freeze({ kind: 'mixed' });
const EMPTY_ELEMENT = Object.freeze({
    kind: 'malformed',
    reason: 'empty array element (two commas, or a comma before ])',
});
function sampleElement_isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** Classifies elements of one sample; pure, so it runs on any thread. */
class sampleElement_SampleElementReader {
    options;
    maxLineBytes;
    events;
    constructor(format, options, maxLineBytes = bytes_DEFAULT_MAX_LINE_BYTES) {
        this.options = options;
        this.maxLineBytes = maxLineBytes;
        this.events = format === 'opa-decision-log';
    }
    /**
     * One element's text (null: an empty array element), with its shape when the reader scanned it
     * (recordShape.ts: too long, invalid UTF-8, too deep, repeated keys).
     */
    read(text, shape) {
        if (text === null)
            return EMPTY_ELEMENT;
        const scanned = shape ?? recordShape_scanShapeText(text);
        const parsed = recordParse_parseElementJson(text, scanned, this.maxLineBytes);
        if (!parsed.ok) {
            // A repeated key is JSON still (docs/decision-logs.md "Which lines are events"): an OPA log
            // line with one is skipped as other log lines are, an event of another path too.
            if (this.events && parsed.repeatedKeyValue !== undefined)
                return this.event(parsed.repeatedKeyValue, parsed.reason);
            return parsed.request_id === undefined
                ? { kind: 'malformed', reason: parsed.reason }
                : { kind: 'malformed', reason: parsed.reason, request_id: parsed.request_id };
        }
        const value = parsed.value;
        if (this.events)
            return this.numbers(this.event(value, null), text, scanned);
        if (record_isTrafficRecord(value))
            return this.numbers({ kind: 'record', record: value, path: null }, text, scanned);
        // A valid record has no decision_id key, so only a malformed one can be an event.
        if (sampleElement_isObject(value) && Object.hasOwn(value, 'decision_id'))
            return MIXED;
        const reason = record_explainInvalidRecord(value) ?? 'not a valid traffic record';
        const id = idOf(value);
        return id === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, request_id: id };
    }
    /** A record with the numbers its text spells otherwise than JavaScript (traffic/numbers.ts). */
    numbers(element, text, shape) {
        if (element.kind !== 'record' || !shapeMayHoldRespelledNumber(shape))
            return element;
        const verdict = judgeRespelledNumbers(text, this.events);
        if (!verdict.ok) {
            const reason = verdict.reason;
            const id = element.record.request_id;
            return { kind: 'malformed', reason, request_id: id, path: element.path };
        }
        withRespelledNumbers(element.record, verdict.pointers);
        return element;
    }
    /**
     * A decision-log line's parsed value: not an event, an event of another path, or the event
     * mapped; `repeatedKey` (the reason) makes an event of the path malformed, as it would a record.
     */
    event(value, repeatedKey) {
        if (!sampleElement_isObject(value) || !Object.hasOwn(value, 'decision_id'))
            return sampleElement_isObject(value) && Object.hasOwn(value, 'request_id') ? MIXED : NON_DECISION;
        const mapped = mapDecisionEvent(value, this.options);
        if (mapped.kind === 'other_path')
            return sampleElement_OTHER_PATH;
        if (repeatedKey === null)
            return mapped;
        const id = value.decision_id;
        return typeof id === 'string' && id !== ''
            ? { kind: 'malformed', reason: repeatedKey, request_id: id, path: mapped.path }
            : { kind: 'malformed', reason: repeatedKey, path: mapped.path };
    }
}
/** The refusal of a sample that mixes records and events, at the element that showed it. */
function sampleElement_mixedSampleError(plan, position) {
    const what = plan.format === 'records'
        ? 'an OPA decision event (decision_id) in a sample of records of our own format'
        : 'a record of our own format (request_id) in a sample of OPA decision events';
    return new TrafficReadError(plan.shown, `${positionText(plan, position)}: ${what}; replay them as separate samples`);
}
// The one-path rule.
/** Thrown at the second distinct decision path; `withDecisionPathListing` words it. */
class sampleElement_SeveralDecisionPaths extends (/* unused pure expression or super */ null && (Error)) {
    name = 'SeveralDecisionPaths';
}
/** Without --decision-path, every replayed event must have the path of the first. */
class sampleElement_DecisionPathGuard {
    first = null;
    note(path) {
        if (path === null)
            return;
        if (this.first === null)
            this.first = path;
        else if (path !== this.first)
            throw new sampleElement_SeveralDecisionPaths(`${this.first} and ${path}`);
    }
}

;// CONCATENATED MODULE: ./build/traffic/sampleStream.js


/** The most lines a file of the sample may have (positions give each file 2^32). */
const MAX_FILE_LINES = samplePlan_FILE_STRIDE - 1;
/**
 * The sample's files in order, as units. `lineChunkBytes`: how many bytes of whole lines a lines
 * unit waits for (0: one per read).
 */
async function* sampleStream_sampleUnits(plan, lineChunkBytes) {
    for (let f = 0; f < plan.files.length; f++) {
        const file = plan.files[f];
        const base = f * FILE_STRIDE;
        try {
            if (file.layout === 'lines') {
                const chunker = new LineChunker(lineChunkBytes, plan.maxLineBytes);
                const unit = (chunk) => {
                    if (chunk === null)
                        return null;
                    if (chunk.firstLine + chunk.lines > MAX_FILE_LINES)
                        throw new TrafficReadError(file.shown, `more than ${MAX_FILE_LINES} lines; split the file`);
                    return { kind: 'lines', base, ...chunk };
                };
                for await (const bytes of readTrafficBytes(file.path, { layout: 'lines' })) {
                    const next = unit(chunker.push(bytes));
                    if (next !== null)
                        yield next;
                }
                const rest = unit(chunker.end());
                if (rest !== null)
                    yield rest;
            }
            else {
                let index = 0;
                const local = (line) => base + (file.indexed ? index++ : line);
                const sink = {
                    element: (text, line, shape) => ({ text, position: local(line), shape }),
                    empty: (line) => ({ text: null, position: local(line), shape: undefined }),
                };
                const read = { layout: 'array', maxLineBytes: plan.maxLineBytes };
                for await (const batch of readTrafficElements(file.path, sink, read)) {
                    yield {
                        kind: 'elements',
                        texts: batch.map((e) => e.text),
                        positions: batch.map((e) => e.position),
                        shapes: batch.map((e) => e.shape),
                    };
                }
            }
        }
        catch (error) {
            throw shownError(error, file);
        }
    }
}
/** Calls `fn` with each element of a unit, its position and its shape, in order. */
function sampleStream_forEachUnitElement(unit, maxLineBytes, fn, scanShapes = true) {
    if (unit.kind === 'elements') {
        for (let i = 0; i < unit.texts.length; i++)
            fn(unit.texts[i], unit.positions[i], unit.shapes[i]);
        return;
    }
    const base = unit.base;
    forEachLine(unit.bytes, unit.firstLine, (text, line, shape) => fn(text, base + line, shape), maxLineBytes, scanShapes);
}

;// CONCATENATED MODULE: ./build/traffic/sample.js









/**
 * A traffic sample as the replay reads it (docs/decision-logs.md): one or more files, each a
 * stream of JSON Lines or one JSON array, plain or gzip, holding either records of our own format
 * or OPA decision events (console log lines mixed with other log lines, or upload bodies). The
 * format is found from the content, never from the name:
 *
 * 1. `planSample` lists the files and reads each up to its first record (an object with
 *    `request_id`) or decision event (an object with `decision_id`). Usually that is the first
 *    line; a file holding neither is read whole (an OPA log without decisions). Records in one
 *    file and events in another: the sample is refused.
 * 2. `sampleUnits` streams the files in order as units: runs of whole lines (what a worker thread
 *    evaluates) or batches of array elements (evaluated on the main thread, as for our own
 *    `.json` arrays).
 * 3. `SampleElementReader` turns one element's text into a record, a malformed element, or a
 *    skipped log line; `decisionLog.ts` maps an event to a record.
 *
 * Every element has a position: `file index × 2^32 + line` (or `+ element index` for the arrays
 * of a decision log, whose upload bodies are one line). One number orders the sample, keys the
 * shards and the repeated-id table, and becomes `file:line` / `file:[index]` only in the report.
 */
// The sample's steps, re-exported so importers keep one entry point.




// ---------------------------------------------------------------------------------------------
// The one-path rule over the whole sample.
/**
 * Runs a pass over the sample; when it meets a second decision path, counts every event's path
 * (one more streaming pass, only on this error) and fails with the list.
 */
async function withDecisionPathListing(plan, pass) {
    try {
        return await pass();
    }
    catch (error) {
        if (!(error instanceof SeveralDecisionPaths))
            throw error;
        const counts = await countDecisionPaths(plan);
        const listed = [...counts.paths.entries()]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
            .map(([path, n]) => `${path} (${n})`);
        const without = counts.withoutPath > 0 ? `; ${counts.withoutPath} without a path` : '';
        throw new TrafficReadError(plan.shown, `the decision log holds decisions of ${counts.paths.size} paths: ${boundedList(listed)}${without}. Replaying one policy against another's decisions is meaningless: choose one with --decision-path (the Action: decision-path)`);
    }
}
/** Decision events per normalized path, and those without a path. */
async function countDecisionPaths(plan) {
    const paths = new Map();
    let withoutPath = 0;
    for await (const unit of sampleUnits(plan, 0)) {
        const count = (text, shape) => {
            if (text === null)
                return;
            const parsed = parseElementJson(text, shape, plan.maxLineBytes);
            const value = parsed.ok ? parsed.value : parsed.repeatedKeyValue;
            if (!isObject(value) || !Object.hasOwn(value, 'decision_id'))
                return;
            const path = value.path;
            const normalized = typeof path === 'string' ? normalizeDecisionPath(path) : '';
            if (normalized === '')
                withoutPath++;
            else
                paths.set(normalized, (paths.get(normalized) ?? 0) + 1);
        };
        forEachUnitElement(unit, plan.maxLineBytes, (text, _position, shape) => count(text, shape));
    }
    return { paths, withoutPath };
}
/**
 * Every record and malformed element of the sample, in order, judged as the replay judges them:
 * skipped lines are dropped, a repeated id is malformed, a mixed sample or a second decision path
 * throws. In-process.
 */
async function* readSampleItems(plan) {
    const reader = new SampleElementReader(plan.format, plan.options, plan.maxLineBytes);
    const ids = new RequestIdTable();
    const guard = new DecisionPathGuard();
    for await (const unit of sampleUnits(plan, 0)) {
        const items = [];
        forEachUnitElement(unit, plan.maxLineBytes, (text, position, shape) => {
            const element = reader.read(text, shape);
            switch (element.kind) {
                case 'skipped':
                    return;
                case 'mixed':
                    throw mixedSampleError(plan, position);
                case 'malformed':
                    guard.note(element.path ?? null);
                    items.push(element.request_id === undefined
                        ? { kind: 'malformed', position, reason: element.reason }
                        : { kind: 'malformed', position, reason: element.reason, request_id: element.request_id });
                    return;
                case 'record': {
                    guard.note(element.path);
                    const id = element.record.request_id;
                    const first = ids.claim(id, position);
                    if (first === undefined)
                        items.push({ kind: 'record', position, record: element.record });
                    else
                        items.push({
                            kind: 'malformed',
                            position,
                            reason: sampleDuplicateReason(plan, id, first),
                            request_id: id,
                        });
                }
            }
        });
        if (items.length > 0)
            yield items;
    }
}
// ---------------------------------------------------------------------------------------------
// Digests.
/**
 * SHA-256 of each file as stored, and of the sample: the files' bytes concatenated in sample
 * order (so one file's sample digest is that file's, and `cat` of the files in order through
 * `sha256sum` reproduces it).
 */
async function sampleDigest(files) {
    // One file's sample digest is its own digest: no second hash of the same bytes.
    const whole = files.length === 1 ? null : createHash('sha256');
    const each = [];
    for (const file of files) {
        const hash = createHash('sha256');
        try {
            for await (const chunk of createReadStream(file.path, { highWaterMark: 1 << 20 })) {
                hash.update(chunk);
                whole?.update(chunk);
            }
        }
        catch (error) {
            const code = error.code;
            throw new TrafficReadError(file.shown, code === 'ENOENT' ? 'no such file' : `cannot read: ${error.message}`);
        }
        each.push(hash.digest('hex'));
    }
    return { sha256: whole === null ? each[0] : whole.digest('hex'), files: each };
}

;// CONCATENATED MODULE: ./build/policy/fields.js
/** Parses a field that already matched FIELD_PATTERN. */
function fields_classifyField(field) {
    const colon = field.indexOf(':');
    if (colon >= 0) {
        const prefix = field.slice(0, colon);
        const rest = field.slice(colon + 1);
        if (prefix === 'attribute')
            return { kind: 'attribute', name: rest };
        if (prefix === 'claim')
            return { kind: 'claim', path: rest.split('.') };
        return { kind: 'argument', path: rest.split('.') };
    }
    switch (field) {
        case 'tool':
        case 'method':
        case 'resource_uri':
        case 'prompt':
            return { kind: 'call', name: field };
        case 'http_path':
            return { kind: 'http', name: 'path' };
        case 'http_host':
            return { kind: 'http', name: 'host' };
        case 'http_method':
            return { kind: 'http', name: 'method' };
        case 'is_batch':
            return { kind: 'is_batch' };
        case 'unparsable_calls':
            return { kind: 'unparsable_calls' };
        case 'subject':
        case 'issuer':
            return { kind: 'identity', name: field };
        case 'group':
            return { kind: 'group' };
        case 'tag':
            return { kind: 'tag' };
        default:
            throw new Error(`classifyField: not a policy field: ${field}`);
    }
}
/** Caller fields need a verified token (docs/policy.md "Missing context"). */
function isCallerField(kind) {
    return (kind.kind === 'identity' ||
        kind.kind === 'group' ||
        kind.kind === 'tag' ||
        kind.kind === 'attribute' ||
        kind.kind === 'claim');
}
/** Directory fields additionally need `attributes_resolved`. */
function isDirectoryField(kind) {
    return kind.kind === 'group' || kind.kind === 'tag' || kind.kind === 'attribute';
}
/**
 * Where a field lives in the OPA input (docs/policy.md "Fields"), as path segments: from `input` for
 * request and caller fields, from the call for call fields. The generator and the replay's
 * decision cache both read this one table, so they cannot disagree on what a policy reads.
 */
function inputPathOf(kind) {
    switch (kind.kind) {
        case 'call':
            return { base: 'call', path: [kind.name] };
        case 'argument':
            return { base: 'input', path: ['request', 'mcp', 'arguments', ...kind.path] };
        case 'http':
            return { base: 'input', path: ['request', 'http', kind.name] };
        case 'is_batch':
            return { base: 'input', path: ['request', 'jsonrpc', 'is_batch'] };
        case 'unparsable_calls':
            return { base: 'input', path: ['request', 'jsonrpc', 'unparsable_calls'] };
        case 'identity':
            return { base: 'input', path: ['identity', kind.name] };
        case 'group':
            return { base: 'input', path: ['identity', 'groups'] };
        case 'tag':
            return { base: 'input', path: ['identity', 'tags'] };
        case 'attribute':
            return { base: 'input', path: ['identity', 'attributes', kind.name] };
        case 'claim':
            return { base: 'input', path: ['identity', 'claims', ...kind.path] };
    }
}

;// CONCATENATED MODULE: ./build/unknowns/location.js


function segmentMatches(pointerSegment, locationSegment) {
    if (typeof locationSegment === 'number')
        return pointerSegment === '*' || pointerSegment === String(locationSegment);
    if (locationSegment === '*')
        return pointerSegment === '*' || isArrayIndex(pointerSegment);
    return pointerSegment === locationSegment;
}
function relation(pointer, location) {
    const n = Math.min(pointer.length, location.length);
    for (let i = 0; i < n; i++)
        if (!segmentMatches(pointer[i], location[i]))
            return 'none';
    if (pointer.length === location.length)
        return 'equal';
    return pointer.length > location.length ? 'inside' : 'contains';
}
/** A location is unknown when a pointer equals it, lies inside it or contains it. */
function isUnknown(pointers, location) {
    for (const pointer of pointers)
        if (relation(pointer, location) !== 'none')
            return true;
    return false;
}
/** The call list: unknown only when a pointer equals or contains it. */
const CALL_LIST = ['request', 'mcp', 'calls'];
function isCallListUnknown(pointers) {
    for (const pointer of pointers) {
        const r = relation(pointer, CALL_LIST);
        if (r === 'equal' || r === 'contains')
            return true;
    }
    return false;
}
const VERIFIED = ['identity', 'verified'];
const ATTRIBUTES_RESOLVED = ['identity', 'attributes_resolved'];
const REQUEST_TIME = ['request', 'time'];
/** Where call `index`'s field lives (`*`: any call, the static reading). */
function callFieldLocation(index, field) {
    return ['request', 'mcp', 'calls', index, field];
}
/** Where a request or caller field lives (docs/policy.md's table); call fields use callFieldLocation. */
function requestFieldLocation(kind) {
    return inputPathOf(kind).path;
}

;// CONCATENATED MODULE: ./build/unknowns/unknownData.js
/**
 * The unknown set of one record in the form every evaluator takes it, and its pointers as they
 * apply to the record's calls (docs/unknowns.md "What a record does not know").
 */

/** The index of the call a pointer names under `/input/request/mcp/calls`; null for any other pointer. */
function callIndexOf(pointer) {
    const underCalls = pointer.length >= 4 && pointer[0] === 'request' && pointer[1] === 'mcp' && pointer[2] === 'calls';
    return underCalls && isArrayIndex(pointer[3]) ? Number(pointer[3]) : null;
}
/**
 * The pointers as they apply to the record's calls: on an unpaired batch a pointer naming one
 * call's field names that field on every call (the lists cannot say which value was that call's),
 * and one naming an index beyond `call_count` changes nothing. A paired record's pointers as they
 * are.
 */
function effectivePointers(data) {
    const unpaired = data.unpaired;
    if (unpaired === null)
        return data.pointers;
    const out = [];
    for (const p of data.pointers) {
        const index = callIndexOf(p);
        if (index === null)
            out.push(p);
        else if (index < unpaired.call_count)
            out.push(['request', 'mcp', 'calls', '*', ...p.slice(4)]);
    }
    return out;
}
/** Every pointer of the unknown set as it applies to the record's calls (effectivePointers), numbers included. */
function allEffectivePointers(data) {
    const effective = effectivePointers(data);
    const numbers = data.numbers;
    return numbers === undefined || numbers.length === 0 ? effective : [...effective, ...numbers];
}

;// CONCATENATED MODULE: ./build/replay/evaluate/instant.js

const instantCache = new Map();
/** A record's occurred_at as an instant (nanoseconds since the epoch), parsed once per text. */
function instantOf(occurredAt) {
    if (occurredAt === null)
        return null;
    let cached = instantCache.get(occurredAt);
    if (cached === undefined) {
        cached = (0,rfc3339/* instantNanos */.dY)(occurredAt);
        if (instantCache.size > 10_000)
            instantCache.clear();
        instantCache.set(occurredAt, cached);
    }
    return cached;
}

;// CONCATENATED MODULE: ./build/unknowns/payload.js
/**
 * The unknown set as the generated Rego reads it (docs/unknowns.md "Three-valued evaluation"): the
 * payload under `input.policy_replay`, built by the replay, read by the three-valued entrypoint.
 */

/** The top-level input key that carries the unknown set to the three-valued entrypoint. */
const UNKNOWNS_KEY = 'policy_replay';
/**
 * The payload of a record's unknown set: its pointers as they apply to the record's calls
 * (effectivePointers), a call's index as a number.
 */
function unknownsPayload(pointers, unpaired) {
    const unknown = effectivePointers({ pointers, unpaired }).map((pointer) => {
        const index = callIndexOf(pointer);
        return index === null ? [...pointer] : ['request', 'mcp', 'calls', index, ...pointer.slice(4)];
    });
    return { unknown, unpaired: unpaired !== null };
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/readSet.js

function keyNodes(tree) {
    return [...tree].map(([key, sub]) => ({ key, children: sub === true ? null : keyNodes(sub) }));
}
function addPath(tree, path) {
    let node = tree;
    for (let i = 0; i < path.length; i++) {
        const key = path[i];
        const existing = node.get(key);
        if (existing === true)
            return; // an ancestor is read whole already
        if (i === path.length - 1) {
            node.set(key, true);
            return;
        }
        let child = existing;
        if (child === undefined) {
            child = new Map();
            node.set(key, child);
        }
        node = child;
    }
}
/** The input path of a request-level field; call fields are read apart, per call. */
function readSet_requestPath(kind) {
    const { base, path } = inputPathOf(kind);
    return base === 'input' ? path : null;
}
function readSet_isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The value at `path` below `root`, through plain objects only (as a Rego reference reads it). */
function readSet_valueAt(root, path) {
    let value = root;
    for (const key of path) {
        if (!readSet_isPlainObject(value) || !Object.hasOwn(value, key))
            return undefined;
        value = value[key];
    }
    return value;
}
function ownValue(object, key) {
    return Object.hasOwn(object, key) ? object[key] : undefined;
}
/** `input.request.mcp.calls` as the Rego reads it (undefined: absent). */
function callListOf(request) {
    const mcp = readSet_isPlainObject(request) ? request.mcp : undefined;
    return readSet_isPlainObject(mcp) && Object.hasOwn(mcp, 'calls') ? mcp.calls : undefined;
}
/** Copies what `nodes` read of `value` (a plain object) into a fresh object. */
function projectObject(value, nodes) {
    // A null prototype: a key named __proto__ becomes an own property like any other.
    const out = Object.create(null);
    for (const node of nodes) {
        if (!Object.hasOwn(value, node.key))
            continue;
        const child = value[node.key];
        out[node.key] =
            node.children === null || !readSet_isPlainObject(child) ? child : projectObject(child, node.children);
    }
    return out;
}
function projectCalls(calls, callFields) {
    if (!Array.isArray(calls))
        return calls;
    return calls.map((call) => (readSet_isPlainObject(call) ? projectObject(call, callFields) : call));
}
/** The input reduced to what the policies read, the request time included. */
function projectInput(reads, input) {
    const out = Object.create(null);
    const request = input.request;
    if (request !== undefined) {
        if (!readSet_isPlainObject(request))
            out.request = request;
        else {
            const projected = projectObject(request, reads.request);
            const mcp = request.mcp;
            if (readSet_isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) {
                // projectObject made `mcp` a fresh object (its node has children): safe to extend.
                projected.mcp.calls = projectCalls(mcp.calls, reads.callFields);
            }
            out.request = projected;
        }
    }
    const identity = input.identity;
    if (identity !== undefined) {
        out.identity = readSet_isPlainObject(identity) ? projectObject(identity, reads.identity) : identity;
    }
    return out;
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/valueClasses.js
/**
 * Value classes: every condition compares the value at one path with a fixed set of strings, so
 * two values that meet the same of the policies' value sets are interchangeable
 * (docs/decision-cache.md "The key by classes").
 */
// Plain objects, not frozen: one hidden class with the SetsMet made per value keeps testValue fast.
/** A string or string array in none of the sets: `not_in` holds. */
const IN_NO_SET = { kind: 'compares', sets: Object.freeze([]) };
/** Absent, null or an object: no condition holds, `in` or `not_in`. */
const HOLDS_NOTHING = { kind: 'holds-nothing', sets: Object.freeze([]) };
/** A value an unknown pointer names. */
const UNKNOWN_VALUE = { kind: 'unknown', sets: Object.freeze([]) };
/**
 * The tokens of a key's classes. Each is told apart from every other token of its leaf: the
 * single characters from U+0100 on (below the surrogates) name a leaf's lists of sets by number,
 * and every other token starts with an ASCII tag (`s`, `a`, `b`, `e`, `n`, `A`, `X`, `-`, `z`, `o`),
 * its variable part either free of the key's `,` separator (`s0.2`, `a0.2`, `b3`) or
 * length-prefixed (exactClass). Short tokens keep the key short, which is most of what hashing it
 * for the cache lookup costs.
 */
const FIRST_TOKEN_CHAR = 0x100;
const TOKEN_CHARS = 0xd800 - FIRST_TOKEN_CHAR;
function classToken(id, verbose) {
    return id < TOKEN_CHARS ? String.fromCharCode(FIRST_TOKEN_CHAR + id) : verbose;
}
/** A value set's identity: its distinct values, sorted. */
function setId(set) {
    return JSON.stringify([...set].sort());
}
const E_TRUE = 'e4:true';
const E_FALSE = 'e5:false';
/** A value keyed as it is: a tag, the length of its JSON text and the text (unambiguous). */
function exactClass(tag, value) {
    // Booleans are most of these (is_batch, the context flags): their tokens are made once.
    if (tag === 'e' && typeof value === 'boolean')
        return value ? E_TRUE : E_FALSE;
    // Numbers: their JSON text without JSON.stringify. Finite numbers only come from JSON, and
    // String gives the same digits.
    const json = typeof value === 'boolean'
        ? value
            ? 'true'
            : 'false'
        : typeof value === 'number'
            ? String(value)
            : JSON.stringify(value);
    return `${tag}${json.length}:${json}`;
}
/**
 * How conditions compare the value at one path: `sets` (the policies' distinct value sets on that
 * path) for the generic comparison of strings and string arrays; `exact` for `is_batch`,
 * `unparsable_calls` and the context flags, whose few values are keyed as they are.
 */
class ValueLeaf {
    path;
    exact;
    /** Each string any set holds → the token (classToken) of the sets holding it. */
    tokenOfValue = new Map();
    /** Each string any set holds → the sets holding it. */
    setsOfValue = new Map();
    /** A set's identity (setId) → its index. */
    indexOfSet = new Map();
    /** Whether the sets an array meets fit in one bit mask (arrayClass). */
    maskable;
    constructor(path, exact, sets) {
        this.path = path;
        this.exact = exact;
        const lists = new Map();
        sets.forEach((set, i) => {
            this.indexOfSet.set(setId(set), i);
            for (const value of set) {
                const list = lists.get(value) ?? [];
                list.push(i);
                lists.set(value, list);
            }
        });
        // Values held by the same sets share one token: the lists are numbered in first-seen order,
        // which depends on the policies alone, so every worker of a replay makes the same keys.
        const tokenOfList = new Map();
        for (const [value, list] of lists) {
            const id = list.join('.');
            let token = tokenOfList.get(id);
            if (token === undefined) {
                token = classToken(tokenOfList.size, `s${id}`);
                tokenOfList.set(id, token);
            }
            this.tokenOfValue.set(value, token);
            this.setsOfValue.set(value, { kind: 'compares', sets: list });
        }
        this.maskable = sets.length <= 30;
    }
    /** The decision class of `value` (undefined: absent). */
    classOf(value) {
        if (value === undefined)
            return '-';
        if (this.exact)
            return exactClass('e', value);
        if (typeof value === 'string')
            return this.tokenOfValue.get(value) ?? 's';
        if (Array.isArray(value))
            return this.arrayClass(value);
        if (value === null)
            return 'z';
        if (typeof value === 'object')
            return 'o';
        // Numbers and booleans compare by their JSON text: rare, keyed exactly.
        return exactClass('n', value);
    }
    /** The index of the set holding exactly `values` (LeafSets added it). */
    indexOf(values) {
        const index = this.indexOfSet.get(setId(new Set(values)));
        if (index === undefined)
            throw new Error(`no value set ${JSON.stringify(values)} at ${this.path.join('.')}`);
        return index;
    }
    /**
     * The sets a value meets, for a folded key: a string, its sets; an array of strings, the sets
     * some element is in; HOLDS_NOTHING for absent, null or an object. null for numbers, booleans
     * and other arrays (compared by their JSON text: the caller falls back to the key by classes).
     */
    setsOf(value) {
        if (typeof value === 'string')
            return this.setsOfValue.get(value) ?? IN_NO_SET;
        if (value === undefined || value === null)
            return HOLDS_NOTHING;
        if (Array.isArray(value)) {
            let hit = null;
            for (const element of value) {
                if (typeof element !== 'string')
                    return null;
                const met = this.setsOfValue.get(element);
                if (met === undefined)
                    continue;
                hit = hit === null ? met : { kind: 'compares', sets: hit.sets.concat(met.sets) };
            }
            return hit ?? IN_NO_SET;
        }
        return typeof value === 'object' ? HOLDS_NOTHING : null;
    }
    /** An array of strings meets a set when some element is in it; other arrays are keyed exactly. */
    arrayClass(values) {
        if (!this.maskable)
            return this.arrayClassBySet(values);
        let mask = 0;
        for (const element of values) {
            if (typeof element !== 'string')
                return exactClass('A', values);
            const met = this.setsOfValue.get(element);
            if (met !== undefined)
                for (const i of met.sets)
                    mask |= 1 << i;
        }
        // `b` and the mask in base 36: bit i is set i.
        return mask === 0 ? 'a' : `b${mask.toString(36)}`;
    }
    /** arrayClass for a leaf of more than 30 sets: the indices listed. */
    arrayClassBySet(values) {
        let hit = null;
        for (const element of values) {
            if (typeof element !== 'string')
                return exactClass('A', values);
            const met = this.setsOfValue.get(element);
            if (met === undefined)
                continue;
            hit ??= new Set();
            for (const i of met.sets)
                hit.add(i);
        }
        return hit === null ? 'a' : `a${[...hit].sort((x, y) => x - y).join('.')}`;
    }
}
/** Distinct value sets (by content) per path, in first-seen order. */
class LeafSets {
    byPath = new Map();
    add(path, exact, values) {
        const id = JSON.stringify(path);
        let entry = this.byPath.get(id);
        if (!entry) {
            entry = { path: [...path], exact, sets: new Map() };
            this.byPath.set(id, entry);
        }
        const set = new Set(values);
        entry.sets.set(setId(set), set);
    }
    leaves() {
        return [...this.byPath.values()]
            .sort((a, b) => (JSON.stringify(a.path) < JSON.stringify(b.path) ? -1 : 1))
            .map((e) => new ValueLeaf(e.path, e.exact, [...e.sets.values()]));
    }
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/classKey.js


/** Builds keys by classes for one PolicyIndex; its part buffer is reused from record to record. */
class ClassKeyBuilder {
    index;
    /** The key's parts: the time, each leaf's class, the calls. */
    parts;
    constructor(index) {
        this.index = index;
        this.parts = new Array(index.requestLeaves.length + index.identityLeaves.length + 2).fill('');
    }
    /** The key; `open` holds the window bits when `time` is `w`. */
    build(request, identity, time, open, mask, calls) {
        let text = time;
        if (time === 'w') {
            text = '';
            for (let i = 0; i < this.index.windows.length; i++)
                text += open[i] === 1 ? '1' : '0';
        }
        // The parts are joined once: one flat string, which the cache's Map hashes without first
        // flattening a chain of concatenations.
        const parts = this.parts;
        parts[0] = text;
        let n = 1;
        const leaves = this.index.requestLeaves;
        for (let i = 0; i < leaves.length; i++)
            parts[n++] = mask?.request[i] ? '?' : leaves[i].classOf(readSet_valueAt(request, leaves[i].path));
        const people = this.index.identityLeaves;
        for (let i = 0; i < people.length; i++)
            parts[n++] = mask?.identity[i] ? '?' : people[i].classOf(readSet_valueAt(identity, people[i].path));
        if (mask?.callList)
            parts[n] = '|?';
        else
            parts[n] = `|${this.callsClass(callListOf(request), calls, mask?.callFields ?? null)}`;
        return parts.join(',');
    }
    callsClass(calls, classing, masked) {
        if (calls === undefined)
            return '-';
        if (!Array.isArray(calls))
            return exactClass('X', calls);
        const leaves = this.index.callLeaves;
        if (leaves.length === 0)
            return calls.length === 0 ? '[]' : '[+]';
        if (classing === 'per-field')
            return perFieldClass(leaves, calls, masked);
        const classes = [];
        for (const call of calls) {
            let tuple = '';
            // A call that is not an object reads like one without the fields: undefined in the Rego.
            for (let i = 0; i < leaves.length; i++) {
                const leaf = leaves[i];
                tuple += masked?.[i] ? '?;' : `${leaf.classOf(callField(call, leaf))};`;
            }
            classes.push(tuple);
        }
        if (classing === 'distinct') {
            const distinct = classes.length > 1 ? [...new Set(classes)].sort() : classes;
            return `{${distinct.join('|')}}`;
        }
        return `[${classes.join('|')}]`;
    }
}
function callField(call, leaf) {
    return readSet_isPlainObject(call) ? ownValue(call, leaf.path[0]) : undefined;
}
/**
 * An unpaired batch (paired by position for the evaluation): per call field, the set of classes
 * its calls hold (`-` for a call lacking the key). The three-valued rules of an unpaired batch
 * read nothing else: `all(c)` and `some(c)` per condition, and whether there is a call.
 */
function perFieldClass(leaves, calls, masked) {
    let text = calls.length === 0 ? '<0' : '<+';
    for (let i = 0; i < leaves.length; i++) {
        const leaf = leaves[i];
        if (masked?.[i]) {
            text += ';?';
            continue;
        }
        const classes = new Set();
        for (const call of calls)
            classes.add(leaf.classOf(callField(call, leaf)));
        text += `;${[...classes].sort().join('|')}`;
    }
    return `${text}>`;
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/truth.js
const truth_FALSE = 0;
const UNKNOWN = 1;
const truth_TRUE = 2;
/** Kleene's AND: FALSE if either is, else UNKNOWN if either is, else TRUE. */
function and(a, b) {
    return a < b ? a : b;
}
/** Kleene's OR: TRUE if either is, else UNKNOWN if either is, else FALSE. */
function or(a, b) {
    return a > b ? a : b;
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/unknownMask.js
/** Whether one of two paths is a prefix of the other; `*` in `pointer` matches any number. */
function pointerMeets(pointer, location) {
    const n = Math.min(pointer.length, location.length);
    for (let i = 0; i < n; i++) {
        const p = pointer[i];
        const l = location[i];
        if (p === l || String(p) === String(l))
            continue;
        if (p === '*' && typeof l === 'number')
            continue;
        return false;
    }
    return true;
}
const CALLS_PATH = ['request', 'mcp', 'calls'];
/**
 * The mask of an unknown set: a pointer is "at" a location when one is a prefix of the other
 * (equal, inside or containing), `*` matching a call index. The call list only when a pointer
 * equals or contains it; a call field only when the pointer names it on every call (`*`): one
 * naming a single call keeps the classes, which stays exact.
 */
function maskOf(index, pointers) {
    const at = (location) => pointers.some((p) => pointerMeets(p, location));
    const n = CALLS_PATH.length;
    const belowCalls = (p) => p.length > n && pointerMeets(p.slice(0, n), CALLS_PATH);
    return {
        time: at(['request', 'time']),
        request: index.requestLeaves.map((leaf) => at(['request', ...leaf.path])),
        identity: index.identityLeaves.map((leaf) => at(['identity', ...leaf.path])),
        callList: pointers.some((p) => p.length <= n && pointerMeets(p, CALLS_PATH)),
        callFields: index.callLeaves.map((leaf) => pointers.some((p) => belowCalls(p) && p[n] === '*' && (p.length === n + 1 || p[n + 1] === leaf.path[0]))),
        callPointers: pointers.filter(belowCalls).map((p) => p.slice(n)),
    };
}
/** Whether a pointer of `mask` names field `name` of call `index` (by index or `*`). */
function callFieldUnknown(mask, field, index, name) {
    return mask.callFields[field] || mask.callPointers.some((p) => pointerMeets(p, [index, name]));
}
/**
 * The unknown set as the three-valued evaluation receives it (UnknownsPayload), as text: equal for
 * two records whose payloads differ only in the pointers' order or repetition (the Rego reads them
 * as a set) — and so for two that differ only in what unknownsPayload leaves out, such as an
 * unpaired batch's call_count (its calls are in the rest of the key) or a pointer past its calls.
 */
function payloadText(payload) {
    const pointers = [...new Set(payload.unknown.map((p) => JSON.stringify(p)))].sort();
    return `${payload.unpaired ? 'u' : 'p'}[${pointers.join(',')}]`;
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/foldedKey.js




/**
 * The folded key: per distinct rule body of the policies, what the rule comes to (F, U or T, the
 * Kleene AND of its parts, as generate.ts and threeValued.ts build the rule), beside the context
 * flags and the time's state (docs/decision-cache.md "The folded key"). Two inputs whose rules all
 * come out alike decide alike, whatever their values.
 */
/**
 * One condition on the sets its leaf's value meets: `in` holds when the value meets the set;
 * `not_in` when it compares (a string or string array) and does not meet it.
 */
function testValue(test, held) {
    const met = held[test.leaf];
    if (met.kind === 'unknown')
        return UNKNOWN;
    const member = met.sets.includes(test.set);
    return (test.negate ? met.kind === 'holds-nothing' || member : !member) ? truth_FALSE : truth_TRUE;
}
/** Kleene's AND of `tests` (testValue), stopping at the first FALSE. */
function conjunction(tests, held) {
    let value = truth_TRUE;
    for (const test of tests) {
        const v = testValue(test, held);
        if (v === truth_FALSE)
            return truth_FALSE;
        if (v === UNKNOWN)
            value = UNKNOWN;
    }
    return value;
}
/** Builds folded keys for one PolicyIndex; its scratch buffers are reused from record to record. */
class FoldedKeyBuilder {
    index;
    /** Per set leaf, the sets its value meets (leafRuleValuesOf). */
    setsMetByLeaf;
    /** Per conjunction of leafRules, its value (leafRuleValuesOf). */
    leafRuleValues;
    /** Per call leaf, the sets one call's value meets (callSetsAt). */
    setsMetByCallField;
    /** Per conjunction of callRules, its OR over the calls (a deny rule's call part). */
    someCallHolds;
    /** Per conjunction of callRules, its AND over the calls (an allow rule's, for a non-empty list). */
    everyCallHolds;
    /** unpairedDenyPart's: per condition of one conjunction, its OR and AND over the calls. */
    conditionOnSomeCall;
    conditionOnEveryCall;
    /** The key's parts: the time's state, the context flags, the rule values. */
    parts;
    constructor(index) {
        this.index = index;
        this.setsMetByLeaf = new Array(index.setLeaves.length).fill(UNKNOWN_VALUE);
        this.leafRuleValues = new Uint8Array(index.leafRules.length);
        this.setsMetByCallField = new Array(index.callLeaves.length).fill(UNKNOWN_VALUE);
        this.someCallHolds = new Uint8Array(index.callRules.length);
        this.everyCallHolds = new Uint8Array(index.callRules.length);
        const longest = Math.max(0, ...index.callRules.map((tests) => tests.length));
        this.conditionOnSomeCall = new Uint8Array(longest);
        this.conditionOnEveryCall = new Uint8Array(longest);
        this.parts = new Array(index.contextFlags.length + 2).fill('');
    }
    /**
     * The folded key, or null when a compared value is keyed exactly (a number, a boolean or a mixed
     * array where strings are compared): the caller keys by classes then. `open` holds the window
     * bits when `time` is `w`; `unpaired`: the record is an unpaired batch (three-valued only).
     */
    build(request, identity, time, open, mask, unpaired) {
        if (!this.leafRuleValuesOf(request, identity, mask))
            return null;
        // The call part when it is the same for every rule: UNKNOWN when the call list is unknown,
        // FALSE without a list (the Rego's `calls` is undefined, its three-valued `tv_calls` empty).
        // null: a list, each rule's part read from someCallHolds / everyCallHolds.
        let wholeListPart = truth_FALSE;
        let list = [];
        if (mask?.callList)
            wholeListPart = UNKNOWN;
        else {
            const value = callListOf(request);
            if (Array.isArray(value)) {
                if (this.index.callRules.length > 0 && !this.callValuesOf(value, mask))
                    return null;
                wholeListPart = null;
                list = value;
            }
        }
        const state = time === 'w' ? '+' : time;
        let digits = '';
        for (const body of this.index.ruleBodies) {
            let value = truth_TRUE;
            if (body.window >= 0)
                value = state === '?' ? UNKNOWN : state === '-' || open[body.window] === 0 ? truth_FALSE : truth_TRUE;
            if (value !== truth_FALSE && body.leafRule >= 0)
                value = and(value, this.leafRuleValues[body.leafRule]);
            for (let i = 0; value !== truth_FALSE && i < body.exact.length; i++)
                value = and(value, this.exactValue(body.exact[i], request, mask));
            if (value !== truth_FALSE && body.callRule >= 0)
                value = and(value, wholeListPart ?? this.callPart(body, list, mask, unpaired));
            digits += String(value);
        }
        const parts = this.parts;
        parts[0] = `#${state}`;
        let n = 1;
        for (const { leaf, index } of this.index.contextFlags)
            parts[n++] = mask?.identity[index] ? '?' : leaf.classOf(readSet_valueAt(identity, leaf.path));
        parts[n] = digits;
        return parts.join(',');
    }
    /** A rule's call part over a call list that callValuesOf judged. */
    callPart(body, list, mask, unpaired) {
        if (!body.deny)
            return list.length > 0 ? this.everyCallHolds[body.callRule] : truth_FALSE;
        if (unpaired && body.combined)
            return this.unpairedDenyPart(this.index.callRules[body.callRule], list, mask);
        return this.someCallHolds[body.callRule];
    }
    /**
     * Fills `leafRuleValues`: per conjunction of request and caller set conditions, its value
     * (UNKNOWN on a leaf the mask covers). false: a compared value is a number, a boolean or a
     * mixed array (compared by its JSON text), which only a key by classes keeps apart.
     */
    leafRuleValuesOf(request, identity, mask) {
        const leaves = this.index.setLeaves;
        const held = this.setsMetByLeaf;
        for (let i = 0; i < leaves.length; i++) {
            const { leaf, root, index } = leaves[i];
            if (mask !== null && (root === 'request' ? mask.request[index] : mask.identity[index])) {
                held[i] = UNKNOWN_VALUE;
                continue;
            }
            const met = leaf.setsOf(readSet_valueAt(root === 'request' ? request : identity, leaf.path));
            if (met === null)
                return false;
            held[i] = met;
        }
        const rules = this.index.leafRules;
        for (let r = 0; r < rules.length; r++)
            this.leafRuleValues[r] = conjunction(rules[r], held);
        return true;
    }
    /** `boolean_in` / `number_in` (or `_not_in`) of the generated Rego on an exact leaf's value. */
    exactValue(test, request, mask) {
        const { leaf, index } = this.index.exactLeaves[test.leaf];
        if (mask?.request[index])
            return UNKNOWN;
        const value = readSet_valueAt(request, leaf.path);
        // Neither `in` nor `not_in` holds on a value of another type (or an absent one).
        if (typeof value !== test.type)
            return truth_FALSE;
        return test.values.has(value) !== test.negate ? truth_TRUE : truth_FALSE;
    }
    /**
     * Fills `setsMetByCallField` for call `index`: per call field, the sets its value meets, or
     * UNKNOWN_VALUE where an unknown pointer names the field for this call (by index or `*`).
     * false: a field holds a number, a boolean or a mixed array (compared by its JSON text).
     */
    callSetsAt(call, index, mask) {
        const leaves = this.index.callLeaves;
        const held = this.setsMetByCallField;
        for (let i = 0; i < leaves.length; i++) {
            const name = leaves[i].path[0];
            if (mask !== null && callFieldUnknown(mask, i, index, name)) {
                held[i] = UNKNOWN_VALUE;
                continue;
            }
            const met = leaves[i].setsOf(readSet_isPlainObject(call) ? ownValue(call, name) : undefined);
            if (met === null)
                return false;
            held[i] = met;
        }
        return true;
    }
    /**
     * Fills `someCallHolds` and `everyCallHolds` for a call list: per conjunction of call
     * conditions, its Kleene OR over the calls (`some call`, a deny rule) and AND (`every call`, an
     * allow rule); a call's value is the AND of its conditions, UNKNOWN on a field an unknown pointer
     * names for that call. false (the key is then by classes) when a call field holds a number, a
     * boolean or an array of other than strings, which compare by their JSON text.
     */
    callValuesOf(calls, mask) {
        const rules = this.index.callRules;
        const some = this.someCallHolds.fill(truth_FALSE);
        const every = this.everyCallHolds.fill(truth_TRUE);
        for (let index = 0; index < calls.length; index++) {
            if (!this.callSetsAt(calls[index], index, mask))
                return false;
            for (let r = 0; r < rules.length; r++) {
                const value = conjunction(rules[r], this.setsMetByCallField);
                some[r] = or(some[r], value);
                every[r] = and(every[r], value);
            }
        }
        return true;
    }
    /**
     * The call part of a deny rule combining two or more call fields over an unpaired batch
     * (threeValued.ts callPartLines): FALSE when some condition holds on no call, TRUE when one holds
     * on some call and every other on every call, else UNKNOWN. Pairing the fields by position would
     * be a guess, so no call is judged whole. `calls` passed callValuesOf already.
     */
    unpairedDenyPart(tests, calls, mask) {
        const onSome = this.conditionOnSomeCall.fill(truth_FALSE, 0, tests.length);
        const onEvery = this.conditionOnEveryCall.fill(truth_TRUE, 0, tests.length);
        for (let index = 0; index < calls.length; index++) {
            this.callSetsAt(calls[index], index, mask);
            for (let t = 0; t < tests.length; t++) {
                const v = testValue(tests[t], this.setsMetByCallField);
                onSome[t] = or(onSome[t], v);
                onEvery[t] = and(onEvery[t], v);
            }
        }
        for (let t = 0; t < tests.length; t++)
            if (onSome[t] === truth_FALSE)
                return truth_FALSE;
        for (let k = 0; k < tests.length; k++) {
            if (onSome[k] !== truth_TRUE)
                continue;
            let others = true;
            for (let m = 0; m < tests.length && others; m++)
                if (m !== k && onEvery[m] !== truth_TRUE)
                    others = false;
            if (others)
                return truth_TRUE;
        }
        return UNKNOWN;
    }
}

;// CONCATENATED MODULE: ./build/policy/schema.js

/** Days as policy documents spell them, in ISO order (Monday first). */
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const FIELD_PATTERN = /^(tool|method|resource_uri|prompt|http_path|http_host|http_method|is_batch|unparsable_calls|subject|issuer|group|tag|attribute:[A-Za-z0-9_-]+|claim:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*|argument:[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)$/;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const CLOCK_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** Minutes after midnight of a validated `HH:MM` window bound. */
function schema_clockMinutes(clock) {
    const [h, m] = clock.split(':').map(Number);
    return h * 60 + m;
}
const conditionSchema = strictObject({
    field: schemas_string()
        .regex(FIELD_PATTERN, 'is not a known field (tool, method, resource_uri, prompt, http_path, http_host, http_method, is_batch, unparsable_calls, subject, issuer, group, tag, attribute:<name>, claim:<path>, argument:<path>)'),
    operator: schemas_enum(['in', 'not_in']),
    values: array(schemas_string()).min(1, 'needs at least one value'),
});
const activeWindowSchema = strictObject({
    days: array(schemas_enum(DAYS)).min(1, 'needs at least one day'),
    from: schemas_string().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
    to: schemas_string().regex(CLOCK_PATTERN, 'must be HH:MM between 00:00 and 23:59'),
    timezone: schemas_string(),
});
const ruleSchema = strictObject({
    id: schemas_string()
        .regex(ID_PATTERN, 'must start with a letter or digit and hold at most 128 letters, digits, "_", "." or "-"'),
    description: schemas_string().optional(),
    effect: schemas_enum(['allow', 'deny']),
    conditions: array(conditionSchema).min(1, 'needs at least one condition'),
    active_window: activeWindowSchema.optional(),
});
const policySchema = strictObject({
    default_effect: schemas_enum(['deny', 'allow']),
    on_missing_context: schemas_enum(['deny', 'ignore']).optional(),
    rules: array(ruleSchema),
});

// EXTERNAL MODULE: ./build/engine/timeBuiltins.js
var timeBuiltins = __nccwpck_require__(554);
// EXTERNAL MODULE: ./build/time/timeZone.js
var timeZone = __nccwpck_require__(81);
;// CONCATENATED MODULE: ./build/replay/decisionCache/windows.js




/** Go's weekday numbering (0 = Sunday) of the policy's day names. */
const WEEKDAY_OF = {
    mon: 1,
    tue: 2,
    wed: 3,
    thu: 4,
    fri: 5,
    sat: 6,
    sun: 0,
};
/** A window's identity: equal for windows that open at the same instants. */
function windowId(window) {
    return JSON.stringify([
        DAYS.filter((d) => window.days.includes(d)),
        window.timezone,
        window.from,
        window.to,
    ]);
}
function activeWindow(window) {
    const zone = (0,timeZone/* loadTimeZone */.k)(window.timezone);
    // Validation rejects unknown zones; the check keeps this module honest on its own.
    if (!zone)
        throw new Error(`unknown time zone ${window.timezone}`);
    return {
        days: new Set(DAYS.filter((d) => window.days.includes(d)).map((d) => WEEKDAY_OF[d])),
        zone,
        from: schema_clockMinutes(window.from),
        to: schema_clockMinutes(window.to),
    };
}
/** `window_open(days, zone, from, to)` of generate.ts, on the civil-time functions the wasm uses. */
function windowOpen(w, t) {
    if (!w.days.has(t.weekday))
        return false;
    const minute = t.hour * 60 + t.minute;
    if (w.from < w.to)
        return minute >= w.from && minute < w.to;
    if (w.from > w.to)
        return minute >= w.from || minute < w.to;
    return false;
}
/**
 * The time's state for a key, filling `open` when there are windows to judge. null: the time
 * cannot be judged here (not a string, or unparsable), and the record is evaluated on its own.
 */
function readTime(request, timeUnknown, windows, open) {
    const time = readSet_isPlainObject(request) && Object.hasOwn(request, 'time') ? request.time : undefined;
    if (timeUnknown)
        return '?';
    if (time === undefined)
        return '-';
    if (windows.length === 0)
        return '+';
    if (typeof time !== 'string')
        return null;
    let ns;
    try {
        ns = (0,timeBuiltins/* parseRfc3339Nanos */.Im)(time);
    }
    catch {
        return null;
    }
    // Windows of one zone are adjacent (indexPolicies sorts them): one civil time per zone.
    let zone = null;
    let local = null;
    for (let i = 0; i < windows.length; i++) {
        const w = windows[i];
        if (w.zone !== zone) {
            zone = w.zone;
            local = (0,timeBuiltins/* civilTime */.N6)(ns, zone);
        }
        open[i] = windowOpen(w, local) ? 1 : 0;
    }
    return 'w';
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/policyIndex.js




/** What every generated module reads whatever its rules (generate.ts HELPERS). */
function gatheredHelpers() {
    const g = {
        request: new Map(),
        identity: new Map(),
        callFields: new Set(),
        requestSets: new LeafSets(),
        identitySets: new LeafSets(),
        callSets: new LeafSets(),
        windows: new Map(),
        callRules: new Map(),
        leafRules: new Map(),
        bodies: [],
    };
    // The context flags: `verified == true`, `attributes_resolved == true`.
    g.identitySets.add(['verified'], true, []);
    g.identitySets.add(['attributes_resolved'], true, []);
    addPath(g.identity, ['verified']);
    addPath(g.identity, ['attributes_resolved']);
    addPath(g.request, ['time']);
    // `calls` is read whatever the policy's fields (count(calls) > 0 in allow rules); it is
    // projected on its own (projectInput), below an `mcp` object read in part.
    g.request.set('mcp', new Map());
    return g;
}
function exactTestsOf(rule) {
    return rule.conditions.flatMap((condition) => {
        const kind = fields_classifyField(condition.field);
        if (kind.kind !== 'is_batch' && kind.kind !== 'unparsable_calls')
            return [];
        const values = condition.values.map((v) => (kind.kind === 'is_batch' ? v === 'true' : Number(v)));
        return [{ path: readSet_requestPath(kind), values, negate: condition.operator === 'not_in' }];
    });
}
function gatherRule(g, rule) {
    const callTests = [];
    const leafTests = [];
    for (const condition of rule.conditions) {
        const kind = fields_classifyField(condition.field);
        const negate = condition.operator === 'not_in';
        if (kind.kind === 'call') {
            g.callFields.add(kind.name);
            g.callSets.add([kind.name], false, condition.values);
            callTests.push({ field: kind.name, values: condition.values, negate });
            continue;
        }
        const path = readSet_requestPath(kind);
        addPath(path[0] === 'request' ? g.request : g.identity, path.slice(1));
        const exact = kind.kind === 'is_batch' || kind.kind === 'unparsable_calls';
        (path[0] === 'request' ? g.requestSets : g.identitySets).add(path.slice(1), exact, condition.values);
        if (!exact)
            leafTests.push({ path, values: condition.values, negate });
    }
    const callId = callTests.length > 0 ? JSON.stringify(callTests) : null;
    const leafId = leafTests.length > 0 ? JSON.stringify(leafTests) : null;
    if (callId !== null)
        g.callRules.set(callId, callTests);
    if (leafId !== null)
        g.leafRules.set(leafId, leafTests);
    const window = rule.active_window;
    const id = window ? windowId(window) : null;
    g.bodies.push({
        window: id,
        leaf: leafId,
        call: callId,
        deny: rule.effect === 'deny',
        combined: new Set(callTests.map((t) => t.field)).size >= 2,
        exact: exactTestsOf(rule),
    });
    if (window && !g.windows.has(id))
        g.windows.set(id, activeWindow(window));
}
const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
function rooted(root, leaves) {
    return leaves.map((leaf, index) => ({ leaf, root, index }));
}
function ruleBodiesOf(g, windowIds, exactLeaves) {
    const leafIds = [...g.leafRules.keys()];
    const callIds = [...g.callRules.keys()];
    const distinct = new Map();
    for (const b of g.bodies) {
        const body = {
            window: b.window === null ? -1 : windowIds.indexOf(b.window),
            leafRule: b.leaf === null ? -1 : leafIds.indexOf(b.leaf),
            callRule: b.call === null ? -1 : callIds.indexOf(b.call),
            deny: b.deny,
            combined: b.combined,
            exact: b.exact.map((t) => ({
                leaf: exactLeaves.findIndex((l) => l.root === t.path[0] && l.leaf.path.join('.') === t.path.slice(1).join('.')),
                type: typeof t.values[0] === 'boolean' ? 'boolean' : 'number',
                values: new Set(t.values),
                negate: t.negate,
            })),
        };
        distinct.set(JSON.stringify({ ...body, exact: b.exact }), body);
    }
    return [...distinct.values()];
}
/** The index of what `policies` read: one key serves every one of them. Pure. */
function indexPolicies(policies) {
    const g = gatheredHelpers();
    for (const policy of policies)
        for (const rule of policy.rules)
            gatherRule(g, rule);
    const sortedWindows = [...g.windows.entries()].sort(([a, x], [b, y]) => order(x.zone.name, y.zone.name) || order(a, b));
    const requestLeaves = g.requestSets.leaves();
    const identityLeaves = g.identitySets.leaves();
    const callLeaves = g.callSets.leaves();
    const all = [...rooted('request', requestLeaves), ...rooted('identity', identityLeaves)];
    const setLeaves = all.filter((l) => !l.leaf.exact);
    const exactLeaves = all.filter((l) => l.leaf.exact);
    const leafRules = [...g.leafRules.values()].map((tests) => tests.map((t) => {
        const leaf = setLeaves.findIndex((l) => l.root === t.path[0] && JSON.stringify(l.leaf.path) === JSON.stringify(t.path.slice(1)));
        return { leaf, set: setLeaves[leaf].leaf.indexOf(t.values), negate: t.negate };
    }));
    const callRules = [...g.callRules.values()].map((tests) => tests.map((t) => {
        const leaf = callLeaves.findIndex((l) => l.path[0] === t.field);
        return { leaf, set: callLeaves[leaf].indexOf(t.values), negate: t.negate };
    }));
    const contextFlags = exactLeaves.filter((l) => l.root === 'identity' &&
        (l.leaf.path.join('.') === 'verified' || l.leaf.path.join('.') === 'attributes_resolved'));
    const reads = {
        request: keyNodes(g.request),
        identity: keyNodes(g.identity),
        callFields: keyNodes(new Map([...g.callFields].sort().map((f) => [f, true]))),
    };
    // Immutable by its readonly type, not frozen: frozen arrays slow the per-record loops.
    return {
        reads,
        windows: sortedWindows.map(([, w]) => w),
        requestLeaves,
        identityLeaves,
        callLeaves,
        setLeaves,
        exactLeaves,
        contextFlags,
        leafRules,
        callRules,
        ruleBodies: ruleBodiesOf(g, sortedWindows.map(([id]) => id), exactLeaves),
    };
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/decisionKeys.js






/**
 * The keys of the decisions of a set of policies, and the input reduced to what they read
 * (docs/decision-cache.md "What a key is"). A key is equal for two inputs only when every policy
 * decides them alike by construction; null when the time cannot be judged here (the record is
 * then evaluated on its own, errors and all).
 */
class DecisionKeys {
    index;
    /** The time's open (1) or closed (0) bit per window, filled by readTime for either builder. */
    windowBits;
    folded;
    byClasses;
    /** The union of what `policies` read: one key serves every one of them. */
    constructor(policies) {
        this.index = indexPolicies(policies);
        this.windowBits = new Uint8Array(this.index.windows.length);
        this.folded = new FoldedKeyBuilder(this.index);
        this.byClasses = new ClassKeyBuilder(this.index);
    }
    /** The input reduced to what the policies read, the request time included. */
    project(input) {
        return projectInput(this.index.reads, input);
    }
    /** The mask of an unknown set's pointers (below `/input`). */
    maskOf(pointers) {
        return maskOf(this.index, pointers);
    }
    /**
     * The key a decision is cached under: two-valued without `unknowns`, three-valued with them.
     * The folded key whenever it can be; else the key by classes, its calls by their distinct kinds
     * (two-valued), in order (paired) or per field (unpaired).
     */
    decisionKey(input, unknowns) {
        const request = input.request;
        const mask = unknowns === null ? null : unknowns.mask;
        const time = readTime(request, mask !== null && mask.time, this.index.windows, this.windowBits);
        if (time === null)
            return null;
        const identity = input.identity;
        const unpaired = unknowns !== null && unknowns.unpaired;
        const folded = this.folded.build(request, identity, time, this.windowBits, mask, unpaired);
        if (folded !== null)
            return folded;
        const calls = unknowns === null ? 'distinct' : unpaired ? 'per-field' : 'ordered';
        return this.byClasses.build(request, identity, time, this.windowBits, mask, calls);
    }
    /**
     * The key the reasons of an unevaluable record are cached under: always by classes, since two
     * records can agree on every rule's value while different conditions of theirs are U.
     */
    reasonKey(input, unknowns) {
        const request = input.request;
        const time = readTime(request, unknowns.mask.time, this.index.windows, this.windowBits);
        if (time === null)
            return null;
        const identity = input.identity;
        const calls = unknowns.unpaired ? 'per-field' : 'ordered';
        return this.byClasses.build(request, identity, time, this.windowBits, unknowns.mask, calls);
    }
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/twoGenerationMap.js
/**
 * A map bounded by two generations (docs/decision-cache.md "Bounds"): lookups try the young one,
 * then the old one (moving a hit back to the young one); when the young one is full it becomes the
 * old one, so frequent keys survive the turnover, unlike with a map that starts over. A generation
 * is full at `limit` keys or at `unitsPerGeneration` UTF-16 units of key text.
 */
class TwoGenerationMap {
    limit;
    unitsPerGeneration;
    young = new Map();
    old = new Map();
    /** The UTF-16 units of the young generation's keys. */
    youngUnits = 0;
    constructor(limit, unitsPerGeneration) {
        this.limit = limit;
        this.unitsPerGeneration = unitsPerGeneration;
    }
    get(key) {
        const young = this.young.get(key);
        if (young !== undefined)
            return young;
        const old = this.old.get(key);
        if (old === undefined)
            return undefined;
        this.set(key, old);
        return old;
    }
    set(key, value) {
        if (this.young.size >= this.limit || this.youngUnits >= this.unitsPerGeneration) {
            this.old = this.young;
            this.young = new Map();
            this.youngUnits = 0;
        }
        this.young.set(key, value);
        this.youngUnits += key.length;
    }
}

;// CONCATENATED MODULE: ./build/replay/decisionCache/decisionCache.js




/** How many keys one generation of the cache holds; two are kept. It bounds memory, not correctness. */
const DECISION_CACHE_LIMIT = 16_384;
/** Keys longer than this (UTF-16 units) are evaluated uncached: they almost never repeat. */
const MAX_KEY_LENGTH = 512;
/**
 * A generation also turns over once its keys hold this many UTF-16 units, so hostile keys cannot
 * take a worker past its capped heap: keys take at most 2 stores × 2 generations × 2 MiB.
 */
const KEY_UNITS_PER_GENERATION = 1 << 20;
/** How many unknown sets' masks and payload texts are kept before they start over. */
const UNKNOWN_SETS_LIMIT = 1_024;
function currentRecord(store) {
    return { store, input: null, unknownKey: null, key: null, entry: null, buffer: null };
}
/**
 * The wasm engines of one replay behind one decision cache (docs/decision-cache.md): a record
 * costs one key, and each policy is evaluated once per distinct key. Decisions are shared between
 * records: callers must not mutate them. Evaluation errors are not cached. Three-valued decisions
 * are cached beside the two-valued ones, in stores of their own (records with unknown data are
 * few, and would otherwise be pushed out by the many two-valued keys between two of them).
 */
class DecisionCache {
    sides;
    keys;
    twoValued;
    threeValued;
    encoder = new TextEncoder();
    twoValuedRecord;
    threeValuedRecord;
    /** Per unknown set seen (few per sample; bounded all the same), by its unknownKey. */
    unknownSets = new Map();
    /** An input evaluated on its own, uncached (alone()); one at a time, like the records. */
    aloneInput = null;
    /** What this cache evaluated since the last `learned()`, when sharing (else null). */
    fresh = null;
    hits = 0;
    misses = 0;
    constructor(sides, limit = DECISION_CACHE_LIMIT) {
        this.sides = sides;
        this.keys = new DecisionKeys(sides.map((s) => s.policy));
        this.twoValued = new TwoGenerationMap(limit, KEY_UNITS_PER_GENERATION);
        this.threeValued = new TwoGenerationMap(limit, KEY_UNITS_PER_GENERATION);
        this.twoValuedRecord = currentRecord(this.twoValued);
        this.threeValuedRecord = currentRecord(this.threeValued);
    }
    /**
     * Evaluates `input` (the next record's) without the cache, neither taking nor giving a decision:
     * for a record whose values opa-wasm may refuse (a lone surrogate), where a decision cached from
     * another record would hide the failure in one order and not in another.
     */
    alone(input) {
        this.aloneInput = input;
    }
    /** From now on, remember every evaluation for `learned()`. */
    share() {
        this.fresh ??= [];
    }
    /** The decisions evaluated here since the last call (share() first), for other caches to learn. */
    learned() {
        const out = this.fresh ?? [];
        if (this.fresh !== null)
            this.fresh = [];
        return out;
    }
    /** Takes decisions another cache of the same policies evaluated (its learned()). */
    learn(decisions) {
        for (const d of decisions) {
            const store = d.threeValued ? this.threeValued : this.twoValued;
            let entry = store.get(d.key);
            if (entry === undefined) {
                entry = [];
                store.set(d.key, entry);
            }
            entry[d.index] ??= d.decision;
        }
    }
    /** The decision of side `index` on `input`. */
    evaluate(index, input, requestId) {
        const record = this.twoValuedRecord;
        if (input !== record.input)
            this.select(record, input, null);
        const cached = record.entry?.[index];
        if (cached !== undefined) {
            this.hits++;
            return cached;
        }
        this.misses++;
        const decision = this.sides[index].engine.evaluate(this.inputBuffer(record, input, null), requestId);
        this.store(record, index, decision, false);
        return decision;
    }
    /** The three-valued decision of side `index` on `input` with `unknowns` unknown. */
    evaluateThreeValued(index, input, unknowns, requestId) {
        const record = this.threeValuedRecord;
        if (input !== record.input || unknowns.key !== record.unknownKey)
            this.select(record, input, unknowns);
        const cached = record.entry?.[index];
        if (cached !== undefined) {
            this.hits++;
            return cached;
        }
        this.misses++;
        const decision = this.sides[index].engine.evaluateThreeValued(this.inputBuffer(record, input, unknowns.payload), requestId);
        this.store(record, index, decision, true);
        return decision;
    }
    /**
     * A key under which records with unknowns share their unevaluable reasons: the unknown set and
     * each value's and call's classes (DecisionKeys.reasonKey). Null: the input cannot be keyed, the
     * reasons are computed for the record alone.
     */
    reasonKey(input, unknowns) {
        const projected = this.keys.reasonKey(input, this.unknownSetOf(unknowns).keyed);
        return projected === null ? null : `${unknowns.key}\0${projected}`;
    }
    unknownSetOf(unknowns) {
        let set = this.unknownSets.get(unknowns.key);
        if (set === undefined) {
            const { payload } = unknowns;
            set = {
                keyed: { mask: this.keys.maskOf(payload.unknown), unpaired: payload.unpaired },
                text: payloadText(payload),
            };
            if (this.unknownSets.size >= UNKNOWN_SETS_LIMIT)
                this.unknownSets.clear();
            this.unknownSets.set(unknowns.key, set);
        }
        return set;
    }
    select(record, input, unknowns) {
        record.input = input;
        record.unknownKey = unknowns?.key ?? null;
        const set = unknowns === null ? null : this.unknownSetOf(unknowns);
        const projected = this.keys.decisionKey(input, set === null ? null : set.keyed);
        // The payload's text is JSON after a one-letter tag (no NUL can occur in it), so the NUL
        // separates the two parts unambiguously; two-valued keys carry no NUL at all.
        const key = projected === null ? null : set === null ? projected : `${set.text}\0${projected}`;
        // Long keys (a policy reading a large argument) almost never repeat, and caching them would
        // let memory grow with value size: bounded by count × MAX_KEY_LENGTH instead.
        record.key = key !== null && key.length <= MAX_KEY_LENGTH && input !== this.aloneInput ? key : null;
        record.entry = record.key === null ? null : (record.store.get(record.key) ?? null);
        record.buffer = null;
    }
    store(record, index, decision, threeValued) {
        if (record.key === null)
            return;
        if (record.entry === null) {
            record.entry = [];
            record.store.set(record.key, record.entry);
        }
        record.entry[index] = decision;
        this.fresh?.push({ threeValued, key: record.key, index, decision });
    }
    /**
     * The projected input (with the unknown set under UNKNOWNS_KEY for the three-valued decision) as
     * JSON bytes in an ArrayBuffer, which opa-wasm copies into its memory without re-serialising;
     * made once per record for all sides. The buffer is allocated here (not taken from
     * TextEncoder.encode) so it belongs to this realm, the one opa-wasm's `instanceof ArrayBuffer`
     * checks against. The projection keeps only `request` and `identity`, so a record's own input
     * can never supply the unknown set.
     */
    inputBuffer(record, input, payload) {
        if (record.buffer === null) {
            const projected = this.keys.project(input);
            if (payload !== null)
                projected[UNKNOWNS_KEY] = payload;
            const text = JSON.stringify(projected);
            record.buffer = new ArrayBuffer(Buffer.byteLength(text, 'utf8'));
            this.encoder.encodeInto(text, new Uint8Array(record.buffer));
        }
        return record.buffer;
    }
}

;// CONCATENATED MODULE: ./build/replay/evaluate/changeExplanation.js
/**
 * What one side's decision rested on, beyond the rules it matched (docs/explain.md "because"),
 * read from the decision the engine returned and the policy's settings — the order of
 * docs/policy.md "The decision":
 * 1. `on_missing_context: deny` and some rule lacked context → deny (missing context);
 * 2. a deny rule matched → deny (the rule);
 * 3. `default_effect: allow` → allow (the default);
 * 4. an allow rule matched → allow (the rule); otherwise deny (the default).
 */
/** No matched rule decided it: step 3, or the "otherwise deny" of step 4. */
const BASIS_DEFAULT = 1;
/**
 * It came from missing context: step 1, or, under `on_missing_context: ignore`, an allow while
 * some rule was skipped for lacking context (under `deny` that request would have been denied).
 */
const BASIS_MISSING_CONTEXT = 2;
/** One policy's rules as the explanation reads them. */
class RuleTable {
    ids;
    index;
    denies;
    defaultAllow;
    missingDenies;
    constructor(policy) {
        this.ids = policy.rules.map((r) => r.id);
        this.index = new Map(this.ids.map((id, i) => [id, i]));
        this.denies = policy.rules.map((r) => r.effect === 'deny');
        this.defaultAllow = policy.default_effect === 'allow';
        this.missingDenies = (policy.on_missing_context ?? 'deny') === 'deny';
    }
    /** Rule ids as indices into the policy's rules, in the order given. */
    indicesOf(ids) {
        const out = [];
        for (const id of ids) {
            const index = this.index.get(id);
            // The generated Rego only ever names the policy's own rules.
            if (index === undefined)
                throw new Error(`the policy matched an unknown rule ${JSON.stringify(id)}`);
            out.push(index);
        }
        return out;
    }
    /** BASIS_* bits of one decision of this policy. */
    basisOf(decision) {
        const lacking = decision.missing_context_rule_ids.length > 0;
        if (this.missingDenies && lacking)
            return BASIS_MISSING_CONTEXT;
        let denyMatched = false;
        let allowMatched = false;
        for (const index of this.indicesOf(decision.matched_rule_ids)) {
            if (this.denies[index])
                denyMatched = true;
            else
                allowMatched = true;
        }
        let basis = 0;
        if (!denyMatched && (this.defaultAllow || !allowMatched))
            basis |= BASIS_DEFAULT;
        if (!this.missingDenies && lacking && decision.allow)
            basis |= BASIS_MISSING_CONTEXT;
        return basis;
    }
}
/** `headDecision` null: the head cannot judge the record (docs/review.md "newly_unevaluable"). */
function explainChange(head, headDecision, base, baseDecision, causes) {
    const headBasis = headDecision === null ? 0 : head.basisOf(headDecision);
    const baseBasis = base !== null && baseDecision !== null ? base.basisOf(baseDecision) : 0;
    return {
        base_matched: base !== null && baseDecision !== null ? base.indicesOf(baseDecision.matched_rule_ids) : [],
        head_basis: headBasis,
        base_basis: baseBasis,
        head_missing: headDecision === null ? [] : missingOf(head, headDecision, headBasis),
        base_missing: base !== null && baseDecision !== null ? missingOf(base, baseDecision, baseBasis) : [],
        causes: causes?.causes ?? [],
        joint: causes?.joint ?? false,
    };
}
function missingOf(table, decision, basis) {
    if ((basis & BASIS_MISSING_CONTEXT) === 0 || decision.allow)
        return [];
    return table.indicesOf(decision.missing_context_rule_ids);
}

;// CONCATENATED MODULE: ./build/replay/evaluate/shard.js
function parseShard(text) {
    const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
    if (!m)
        return null;
    const index = Number(m[1]);
    const count = Number(m[2]);
    if (index > count || count > 10_000)
        return null;
    return { index, count };
}
/** FNV-1a (32-bit) over the UTF-8 bytes of the key: stable across runs, machines and Node versions. */
function fnv1a32(key) {
    let hash = 0x811c9dc5;
    const bytes = Buffer.from(key, 'utf8');
    for (let i = 0; i < bytes.length; i++) {
        hash ^= bytes[i];
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash >>> 0;
}
/**
 * A record goes to the shard of its request_id, so both copies of a repeated id land together and
 * the repeat is still caught; a malformed line without an id goes by its line number.
 */
function inShard(shard, requestId, line) {
    if (!shard || shard.count === 1)
        return true;
    const key = requestId !== undefined ? `id:${requestId}` : `line:${line}`;
    return fnv1a32(key) % shard.count === shard.index - 1;
}

;// CONCATENATED MODULE: ./build/engine/reference.js



const ABSENT = { present: false };
function reference_isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * Walks `path` through objects only: a segment applied to an array, string or other scalar is
 * absent (Rego's `input.a.b` on an array is undefined too). A key holding `undefined` cannot come
 * from JSON and counts as absent.
 */
function reference_lookup(root, path) {
    let current = root;
    for (const key of path) {
        if (!reference_isObject(current) || !Object.prototype.hasOwnProperty.call(current, key))
            return ABSENT;
        current = current[key];
    }
    return current === undefined ? ABSENT : { present: true, value: current };
}
/** Whether one array element counts as "in values": strings exactly, numbers/booleans by JSON. */
function elementIn(element, values) {
    if (typeof element === 'string')
        return values.has(element);
    if (typeof element === 'number' || typeof element === 'boolean') {
        return values.has(JSON.stringify(element));
    }
    return false;
}
/** docs/policy.md "One condition" for every field except is_batch and unparsable_calls. */
function genericHolds(found, condition) {
    if (!found.present)
        return false;
    const v = found.value;
    const values = new Set(condition.values);
    const positive = condition.operator === 'in';
    if (typeof v === 'string')
        return values.has(v) === positive;
    if (Array.isArray(v))
        return v.some((element) => elementIn(element, values)) === positive;
    if (typeof v === 'number' || typeof v === 'boolean') {
        return values.has(JSON.stringify(v)) === positive;
    }
    return false; // object or null
}
/** is_batch compares as a boolean: only a boolean value can satisfy either operator. */
function isBatchHolds(found, condition) {
    if (!found.present || typeof found.value !== 'boolean')
        return false;
    const listed = condition.values.some((text) => (text === 'true') === found.value);
    return listed === (condition.operator === 'in');
}
/** unparsable_calls compares as a number: only a number value can satisfy either operator. */
function unparsableCallsHolds(found, condition) {
    if (!found.present || typeof found.value !== 'number')
        return false;
    const listed = condition.values.some((text) => Number(text) === found.value);
    return listed === (condition.operator === 'in');
}
/** Where a non-call field lives in the input (docs/policy.md "Fields"). */
function reference_requestPath(kind) {
    switch (kind.kind) {
        case 'argument':
            return ['request', 'mcp', 'arguments', ...kind.path];
        case 'http':
            return ['request', 'http', kind.name];
        case 'is_batch':
            return ['request', 'jsonrpc', 'is_batch'];
        case 'unparsable_calls':
            return ['request', 'jsonrpc', 'unparsable_calls'];
        case 'identity':
            return ['identity', kind.name];
        case 'group':
            return ['identity', 'groups'];
        case 'tag':
            return ['identity', 'tags'];
        case 'attribute':
            return ['identity', 'attributes', kind.name];
        case 'claim':
            return ['identity', 'claims', ...kind.path];
    }
}
function conditionHolds(kind, found, condition) {
    if (kind.kind === 'is_batch')
        return isBatchHolds(found, condition);
    if (kind.kind === 'unparsable_calls')
        return unparsableCallsHolds(found, condition);
    return genericHolds(found, condition);
}
function classifyRule(rule) {
    const classified = {
        rule,
        call: [],
        request: [],
        readsCaller: false,
        readsDirectory: false,
    };
    for (const condition of rule.conditions) {
        const kind = fields_classifyField(condition.field);
        if (kind.kind === 'call')
            classified.call.push({ condition, kind });
        else
            classified.request.push({ condition, kind });
        if (isCallerField(kind))
            classified.readsCaller = true;
        if (isDirectoryField(kind))
            classified.readsDirectory = true;
    }
    return classified;
}
/** docs/policy.md "Missing context": decided from what the rule reads, never from its outcome. */
function needsContext(rule, input) {
    const flag = (path) => {
        const found = reference_lookup(input, path);
        return found.present && found.value === true;
    };
    if (rule.readsCaller && !flag(['identity', 'verified']))
        return true;
    if (rule.readsDirectory && !flag(['identity', 'attributes_resolved']))
        return true;
    // A present "time" key counts whatever it holds: rejecting invalid times is the caller's job
    // before evaluation, and the compiled policy would fail on them rather than skip the rule.
    if (rule.rule.active_window !== undefined && !reference_lookup(input, ['request', 'time']).present) {
        return true;
    }
    return false;
}
const DAY_BY_GO_WEEKDAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
function minutesOf(clock) {
    return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}
/**
 * docs/policy.md "Windows". From and to are whole minutes, so comparing the local minute of the day
 * is exact: t ≥ from ⇔ minute ≥ from, and t < to ⇔ minute < to, whatever the seconds.
 * Throws a BuiltinError for a time that is not an RFC 3339 string or an unknown zone, as the
 * compiled policy's builtins do.
 */
function reference_inForce(window, time) {
    if (typeof time !== 'string') {
        throw new timeBuiltins/* BuiltinError */.Sr('time.parse_rfc3339_ns', [time], 'operand 1 must be string');
    }
    const ns = (0,timeBuiltins/* parseRfc3339Nanos */.Im)(time);
    const zone = (0,timeZone/* loadTimeZone */.k)(window.timezone);
    if (zone === undefined) {
        throw new timeBuiltins/* BuiltinError */.Sr('time.clock', [[Number(ns), window.timezone]], `unknown time zone ${window.timezone}`);
    }
    const local = (0,timeBuiltins/* civilTime */.N6)(ns, zone);
    const day = DAY_BY_GO_WEEKDAY[local.weekday];
    if (day === undefined || !window.days.includes(day))
        return false;
    const minute = local.hour * 60 + local.minute;
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    return from < to ? from <= minute && minute < to : minute >= from || minute < to;
}
function callMatches(rule, call) {
    return rule.call.every(({ condition, kind }) => conditionHolds(kind, reference_lookup(call, [kind.name]), condition));
}
function ruleMatches(rule, input) {
    const requestHolds = rule.request.every(({ condition, kind }) => conditionHolds(kind, reference_lookup(input, reference_requestPath(kind)), condition));
    if (!requestHolds)
        return false;
    if (rule.call.length > 0) {
        const found = reference_lookup(input, ['request', 'mcp', 'calls']);
        const calls = found.present && Array.isArray(found.value) ? found.value : [];
        // Deny needs some offending call; allow needs every call allowed, so a batch cannot
        // smuggle a denied call beside an allowed one.
        const callsHold = rule.rule.effect === 'deny'
            ? calls.some((call) => callMatches(rule, call))
            : calls.length > 0 && calls.every((call) => callMatches(rule, call));
        if (!callsHold)
            return false;
    }
    const window = rule.rule.active_window;
    if (window === undefined)
        return true;
    const time = reference_lookup(input, ['request', 'time']);
    return reference_inForce(window, time.present ? time.value : undefined);
}
/** One rule on one input: it lacks context (skipped), matched, or neither. */
const RULE_NONE = 0;
const RULE_MATCHED = 1;
const RULE_LACKS_CONTEXT = 2;
/** docs/policy.md "How a policy decides", for one rule: context first, then the conditions. */
function ruleOutcome(rule, input) {
    if (needsContext(rule, input))
        return RULE_LACKS_CONTEXT;
    return ruleMatches(rule, input) ? RULE_MATCHED : RULE_NONE;
}
/** The decision from each rule's outcome, `rules[i]` having `outcomes[i]`: steps 1 to 4. */
function decideFromOutcomes(policy, rules, outcomes) {
    let lacking = false;
    let denyMatched = false;
    let allowMatched = false;
    rules.forEach((rule, i) => {
        const outcome = outcomes[i];
        if (outcome === RULE_LACKS_CONTEXT)
            lacking = true;
        else if (outcome === RULE_MATCHED) {
            if (rule.effect === 'deny')
                denyMatched = true;
            else
                allowMatched = true;
        }
    });
    if ((policy.on_missing_context ?? 'deny') === 'deny' && lacking)
        return false;
    if (denyMatched)
        return false;
    return policy.default_effect === 'allow' || allowMatched;
}
/**
 * Decides `input` under `policy` exactly as docs/policy.md "How a policy decides" says. Every rule is
 * evaluated (a deny does not stop the others), so both id lists are complete and in file order.
 */
function evaluateReference(policy, input) {
    const outcomes = policy.rules.map((rule) => ruleOutcome(classifyRule(rule), input));
    const matched = policy.rules.filter((_, i) => outcomes[i] === RULE_MATCHED).map((r) => r.id);
    const missing = policy.rules.filter((_, i) => outcomes[i] === RULE_LACKS_CONTEXT).map((r) => r.id);
    const allow = decideFromOutcomes(policy, policy.rules, outcomes);
    return { allow, matched_rule_ids: matched, missing_context_rule_ids: missing };
}

;// CONCATENATED MODULE: ./build/unknowns/reasons.js
/** Why a record is unevaluable, as names and as bits (docs/unknowns.md "Reasons"). */
/** Every unevaluable reason, sorted (the order reports list them in). */
const UNEVALUABLE_REASONS = [
    'attributes_unavailable',
    'batch_call_pairing_unavailable',
    'claims_unavailable',
    'http_not_recorded',
    'mcp_not_recorded',
    'number_not_representable',
    'subject_unverified',
    'time_not_recorded',
    'tool_not_recorded',
];
/** One bit per reason, in UNEVALUABLE_REASONS order: sets of reasons without allocation. */
const REASON_BIT = Object.freeze(Object.fromEntries(UNEVALUABLE_REASONS.map((reason, i) => [reason, 1 << i])));
/** The reasons of a bit set, sorted and distinct. */
function reasons_reasonsOfBits(bits) {
    const out = [];
    for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
        if ((bits & (1 << i)) !== 0)
            out.push(UNEVALUABLE_REASONS[i]);
    return out;
}

;// CONCATENATED MODULE: ./build/unknowns/locationReasons.js


/** The reason a U location gives for anything but a call's tool. */
function reasonOfKind(kind) {
    switch (kind.kind) {
        case 'call':
        case 'argument':
        case 'is_batch':
        case 'unparsable_calls':
            return 'mcp_not_recorded';
        case 'http':
            return 'http_not_recorded';
        case 'identity':
        case 'claim':
            return 'claims_unavailable';
        case 'group':
        case 'tag':
        case 'attribute':
            return 'attributes_unavailable';
    }
}
/**
 * The reasons (bits) of an unknown location, one per pointer that makes it unknown: a call's tool
 * is `tool_not_recorded` through a pointer to the tool itself (equal or inside), and
 * `mcp_not_recorded` through one that contains it; every other location has one reason.
 */
function locationReasonBits(pointers, location, kind) {
    if (kind.kind !== 'call' || kind.name !== 'tool')
        return isUnknown(pointers, location) ? REASON_BIT[reasonOfKind(kind)] : 0;
    let bits = 0;
    for (const pointer of pointers) {
        const r = relation(pointer, location);
        if (r === 'equal' || r === 'inside')
            bits |= REASON_BIT.tool_not_recorded;
        else if (r === 'contains')
            bits |= REASON_BIT.mcp_not_recorded;
    }
    return bits;
}
/** The reason (bit) a location takes from the numbers that make it unknown; 0 when none does. */
function numberReasonBits(numbers, location) {
    return numbers !== undefined && isUnknown(numbers, location) ? REASON_BIT.number_not_representable : 0;
}

;// CONCATENATED MODULE: ./build/engine/threeValued.js





const threeValued_TRUE = { v: 2, bits: 0 };
const threeValued_FALSE = { v: 0, bits: 0 };
const threeValued_unknown = (bits) => ({ v: 1, bits });
const known = (b) => (b ? threeValued_TRUE : threeValued_FALSE);
/**
 * AND (`absorbing` F) or OR (`absorbing` T): an absorbing operand decides; otherwise U with the
 * reasons of every U operand, or the other known value when none is U.
 */
function combine(values, absorbing) {
    let bits = 0;
    let sawUnknown = false;
    for (const x of values) {
        if (x.v === absorbing.v)
            return absorbing;
        if (x.v === 1) {
            sawUnknown = true;
            bits |= x.bits;
        }
    }
    return sawUnknown ? threeValued_unknown(bits) : not(absorbing);
}
const threeValued_and = (values) => combine(values, threeValued_FALSE);
const threeValued_or = (values) => combine(values, threeValued_TRUE);
function not(x) {
    return x.v === 1 ? x : x.v === 2 ? threeValued_FALSE : threeValued_TRUE;
}
/** The calls of an unpaired batch by the simplest pairing: call i takes the i-th value of each list. */
function pairLists(lists) {
    const calls = [];
    for (let i = 0; i < lists.call_count; i++) {
        const call = {};
        for (const field of ['method', 'tool', 'resource_uri', 'prompt']) {
            const list = lists[field];
            if (list !== undefined && i < list.length)
                call[field] = list[i];
        }
        calls.push(call);
    }
    return calls;
}
class Evaluation {
    input;
    /** Every pointer of the unknown set (what makes a location U). */
    pointers;
    /** What the record lacks, and the numbers it holds in a form JavaScript does not keep: the reasons. */
    missing;
    numbers;
    unpaired;
    callListUnknown;
    calls;
    constructor(input, unknowns) {
        this.input = input;
        this.unpaired = unknowns.unpaired;
        this.missing = effectivePointers(unknowns);
        this.numbers = unknowns.numbers;
        this.pointers = allEffectivePointers(unknowns);
        this.callListUnknown = isCallListUnknown(this.pointers);
        if (this.unpaired !== null)
            this.calls = pairLists(this.unpaired);
        else {
            const found = reference_lookup(input, ['request', 'mcp', 'calls']);
            this.calls = found.present && Array.isArray(found.value) ? found.value : [];
        }
    }
    /** The reasons of an unknown location: each pointer that makes it unknown gives its own. */
    reasons(location, kind) {
        return locationReasonBits(this.missing, location, kind) | numberReasonBits(this.numbers, location);
    }
    requestCondition(condition, kind) {
        const path = reference_requestPath(kind);
        if (isUnknown(this.pointers, path))
            return threeValued_unknown(this.reasons(path, kind));
        return known(conditionHolds(kind, reference_lookup(this.input, path), condition));
    }
    callCondition(index, call, { condition, kind }) {
        const location = callFieldLocation(index, kind.name);
        if (isUnknown(this.pointers, location))
            return threeValued_unknown(this.reasons(location, kind));
        return known(conditionHolds(kind, reference_lookup(call, [kind.name]), condition));
    }
    /** docs/policy.md's quantifiers over the calls, each call the AND of its conditions. */
    pairedCalls(rule) {
        const perCall = this.calls.map((call, i) => threeValued_and(rule.call.map((c) => this.callCondition(i, call, c))));
        if (rule.rule.effect === 'deny')
            return threeValued_or(perCall);
        return threeValued_and([known(this.calls.length > 0), ...perCall]);
    }
    /** all(c) and some(c) of one call condition over an unpaired batch's list. */
    quantified(lists, { condition, kind }) {
        if (lists.call_count > 0) {
            const location = callFieldLocation(0, kind.name);
            if (isUnknown(this.pointers, location)) {
                const u = threeValued_unknown(this.reasons(location, kind));
                return { all: u, some: u };
            }
        }
        const list = lists[kind.name] ?? [];
        const holds = (value) => conditionHolds(kind, { present: true, value }, condition);
        // A call lacking the key satisfies neither `in` nor `not_in`.
        return {
            all: known(list.length === lists.call_count && list.every(holds)),
            some: known(list.some(holds)),
        };
    }
    /** docs/unknowns.md: an unpaired batch and a rule with conditions on two or more call fields. */
    unpairedCalls(rule, lists) {
        const q = rule.call.map((c) => this.quantified(lists, c));
        if (rule.rule.effect === 'allow')
            return threeValued_and([known(lists.call_count > 0), ...q.map((x) => x.all)]);
        if (q.some((x) => x.some.v === 0))
            return threeValued_FALSE;
        const decided = q.some((x, k) => x.some.v === 2 && q.every((y, j) => j === k || y.all.v === 2));
        if (decided)
            return threeValued_TRUE;
        let bits = REASON_BIT.batch_call_pairing_unavailable;
        for (const x of q)
            bits |= x.all.bits | x.some.bits;
        return threeValued_unknown(bits);
    }
    callPart(rule) {
        if (this.callListUnknown)
            return threeValued_unknown(REASON_BIT.mcp_not_recorded);
        const fields = new Set(rule.call.map((c) => c.kind.name));
        if (this.unpaired !== null && fields.size >= 2)
            return this.unpairedCalls(rule, this.unpaired);
        return this.pairedCalls(rule);
    }
    requestPart(rule) {
        return threeValued_and(rule.request.map(({ condition, kind }) => this.requestCondition(condition, kind)));
    }
    timeUnknown() {
        return isUnknown(this.pointers, REQUEST_TIME);
    }
    windowPart(rule) {
        const window = rule.rule.active_window;
        if (window === undefined)
            return null;
        if (this.timeUnknown())
            return threeValued_unknown(REASON_BIT.time_not_recorded);
        const time = reference_lookup(this.input, ['request', 'time']);
        // Without a time the rule needs context and cannot match; inForce is not asked.
        if (!time.present)
            return threeValued_FALSE;
        return known(reference_inForce(window, time.value));
    }
    /** docs/policy.md "Missing context", with the caller and directory parts U when their flag is unknown. */
    needs(rule) {
        const parts = [];
        const flag = (path) => {
            const found = reference_lookup(this.input, path);
            return found.present && found.value === true;
        };
        if (rule.readsCaller) {
            parts.push(isUnknown(this.pointers, VERIFIED)
                ? threeValued_unknown(REASON_BIT.subject_unverified)
                : known(!flag(['identity', 'verified'])));
        }
        if (rule.readsDirectory) {
            parts.push(isUnknown(this.pointers, ATTRIBUTES_RESOLVED)
                ? threeValued_unknown(REASON_BIT.attributes_unavailable)
                : known(!flag(['identity', 'attributes_resolved'])));
        }
        if (rule.rule.active_window !== undefined) {
            // The gateway had a time; an export that lost it does not make the rule need context.
            parts.push(this.timeUnknown() ? threeValued_FALSE : known(!reference_lookup(this.input, ['request', 'time']).present));
        }
        return parts.length === 0 ? null : threeValued_or(parts);
    }
}
/**
 * Decides `input` under `policy` knowing that the locations of `unknowns` are unknown: allow 2,
 * deny 0, unevaluable 1 (docs/unknowns.md "The decision"). On a record with nothing unknown it
 * equals evaluateReference. `input` is the recorded input (for an unpaired batch, without calls:
 * they come from `unknowns.unpaired`).
 */
function evaluateReferenceThreeValued(policy, input, unknowns) {
    const evaluation = new Evaluation(input, unknowns);
    const out = {
        allow: 0,
        matched_rule_ids: [],
        missing_context_rule_ids: [],
        undecided_rule_ids: [],
        undecided_context_rule_ids: [],
        reasons: [],
    };
    const denyMatched = [];
    const allowMatched = [];
    const needsAll = [];
    const onMissing = policy.on_missing_context ?? 'deny';
    let reasonBits = 0;
    for (const rule of policy.rules) {
        const classified = classifyRule(rule);
        const needs = evaluation.needs(classified);
        const parts = [];
        if (needs !== null)
            parts.push(not(needs));
        const window = evaluation.windowPart(classified);
        if (window !== null)
            parts.push(window);
        if (classified.request.length > 0)
            parts.push(evaluation.requestPart(classified));
        if (classified.call.length > 0)
            parts.push(evaluation.callPart(classified));
        const matched = threeValued_and(parts);
        (rule.effect === 'deny' ? denyMatched : allowMatched).push(matched);
        if (matched.v === 2)
            out.matched_rule_ids.push(rule.id);
        if (matched.v === 1) {
            out.undecided_rule_ids.push(rule.id);
            reasonBits |= matched.bits;
        }
        if (needs !== null) {
            needsAll.push(needs);
            if (needs.v === 2)
                out.missing_context_rule_ids.push(rule.id);
            if (needs.v === 1) {
                out.undecided_context_rule_ids.push(rule.id);
                if (onMissing === 'deny')
                    reasonBits |= needs.bits;
            }
        }
    }
    const byMissing = onMissing === 'deny' ? threeValued_or(needsAll) : threeValued_FALSE;
    const allow = threeValued_and([
        not(byMissing),
        not(threeValued_or(denyMatched)),
        policy.default_effect === 'allow' ? threeValued_TRUE : threeValued_or(allowMatched),
    ]);
    out.allow = allow.v;
    if (allow.v === 1)
        out.reasons = reasons_reasonsOfBits(reasonBits);
    return out;
}

;// CONCATENATED MODULE: ./build/unknowns/staticReading.js





function readingOf(policy) {
    const reads = [];
    const seen = new Set();
    const add = (location, kind, reason) => {
        const key = JSON.stringify(location);
        if (seen.has(key))
            return;
        seen.add(key);
        reads.push({ location, kind, reason });
    };
    let combinesCallFields = false;
    let denyCombinesCallFields = false;
    let readsCallList = false;
    for (const rule of policy.rules) {
        const callFields = new Set();
        let caller = false;
        let directory = false;
        for (const condition of rule.conditions) {
            const kind = fields_classifyField(condition.field);
            if (kind.kind === 'call') {
                callFields.add(kind.name);
                add(callFieldLocation('*', kind.name), kind, 0);
            }
            else
                add(requestFieldLocation(kind), kind, 0);
            if (isCallerField(kind))
                caller = true;
            if (isDirectoryField(kind))
                directory = true;
        }
        if (callFields.size > 0)
            readsCallList = true;
        if (callFields.size >= 2)
            combinesCallFields = true;
        if (callFields.size >= 2 && rule.effect === 'deny')
            denyCombinesCallFields = true;
        if (caller)
            add(VERIFIED, null, REASON_BIT.subject_unverified);
        if (directory)
            add(ATTRIBUTES_RESOLVED, null, REASON_BIT.attributes_unavailable);
        if (rule.active_window)
            add(REQUEST_TIME, null, REASON_BIT.time_not_recorded);
    }
    return { reads, combinesCallFields, denyCombinesCallFields, readsCallList };
}
/** The static rule's reasons (bits) for a record's unknown set; 0: scoreable by reading. */
function readingReasonBits(reading, data) {
    let bits = 0;
    const pointers = data.pointers;
    const numbers = data.numbers;
    if (pointers.length > 0 || (numbers !== undefined && numbers.length > 0)) {
        // A number's pointer never reaches the call list, the time or a context flag (UnknownData).
        if (reading.readsCallList && isCallListUnknown(pointers))
            bits |= REASON_BIT.mcp_not_recorded;
        for (const read of reading.reads) {
            if (read.kind !== null)
                bits |=
                    locationReasonBits(pointers, read.location, read.kind) | numberReasonBits(numbers, read.location);
            else if (isUnknown(pointers, read.location))
                bits |= read.reason;
        }
    }
    if (data.unpaired !== null && reading.combinesCallFields)
        bits |= REASON_BIT.batch_call_pairing_unavailable;
    return bits;
}
/** The static rule's reasons for a record, sorted and distinct; empty when it is scoreable. */
function readingReasons(record, reading) {
    if (!hasUnknowns(record))
        return [];
    return reasonsOfBits(readingReasonBits(reading, unknownDataOf(record)));
}

;// CONCATENATED MODULE: ./build/replay/evaluate/unknownSides.js







const UNEVALUABLE_MODES = (/* unused pure expression or super */ null && (['precise', 'static']));
/** Distinct unknown sets remembered at a time; a sample has few, this only bounds memory. */
const KEY_LIMIT = 1_024;
/** Reasons kept per reason key before the map starts over (as many as the decision cache holds). */
const REASONS_LIMIT = DECISION_CACHE_LIMIT;
class UnknownsJudge {
    mode;
    sides;
    cache;
    readings;
    byKey = new Map();
    /**
     * The reasons of undecided records by DecisionCache.reasonKey: records sharing that key have the
     * same conditions U, so the reference evaluator runs once per key, not once per record.
     */
    reasonsOf = new Map();
    constructor(mode, sides, cache) {
        this.mode = mode;
        this.sides = sides;
        this.cache = cache;
        this.readings = sides.map((side) => readingOf(side.policy));
    }
    infoOf(record, key) {
        let info = this.byKey.get(key);
        if (info === undefined) {
            const data = recordUnknowns_unknownDataOf(record);
            const unpaired = data.unpaired;
            info = {
                payload: unknownsPayload(unknownPointers(record), unpaired),
                readingBits: this.readings.map((reading) => readingReasonBits(reading, data)),
                threeValued: this.readings.map((reading) => readingReasonBits(reading, { ...data, unpaired: null }) !== 0 ||
                    (unpaired !== null && reading.denyCombinesCallFields)),
            };
            if (this.byKey.size >= KEY_LIMIT)
                this.byKey.clear();
            this.byKey.set(key, info);
        }
        return info;
    }
    /**
     * Judges side `index` on a record that has unknowns (unknowns/recordUnknowns.ts hasUnknowns); `input`
     * is its evaluation input (an unpaired batch paired). `withReasons`: name the reasons of an
     * unevaluable result (the primary side; the base's are never reported).
     */
    judge(index, record, input, withReasons) {
        const key = unknownKey(record);
        const info = this.infoOf(record, key);
        const bits = info.readingBits[index];
        const byReading = bits !== 0;
        if (!byReading || (this.mode === 'precise' && !info.threeValued[index])) {
            const decision = this.cache.evaluate(index, input, record.request_id);
            return { truth: decision.allow ? 2 : 0, decision, reasons: 0, byReading };
        }
        if (this.mode === 'static')
            return { truth: 1, decision: null, reasons: bits, byReading };
        const side = this.sides[index];
        const decision = this.cache.evaluateThreeValued(index, input, { key, payload: info.payload }, record.request_id);
        if (decision.allow !== 1) {
            const decided = {
                allow: decision.allow === 2,
                matched_rule_ids: decision.matched_rule_ids,
                missing_context_rule_ids: decision.missing_context_rule_ids,
            };
            return { truth: decision.allow, decision: decided, reasons: 0, byReading };
        }
        if (!withReasons)
            return { truth: 1, decision: null, reasons: 0, byReading };
        const reasonKey = this.cache.reasonKey(input, { key, payload: info.payload });
        const known = reasonKey === null ? undefined : this.reasonsOf.get(reasonKey);
        if (known !== undefined)
            return { truth: 1, decision: null, reasons: known, byReading };
        const reference = evaluateReferenceThreeValued(side.policy, record.input, recordUnknowns_unknownDataOf(record));
        if (reference.allow !== 1) {
            throw new errors/* EvaluationError */.Z(side.engine.name, record.request_id, new Error(`opa-wasm finds the record unevaluable but the reference evaluator decides ${reference.allow === 2 ? 'allow' : 'deny'}; ` +
                'the two three-valued evaluations must agree (docs/unknowns.md), please report this record'));
        }
        let reasons = 0;
        for (const reason of reference.reasons)
            reasons |= REASON_BIT[reason];
        if (reasonKey !== null) {
            if (this.reasonsOf.size >= REASONS_LIMIT)
                this.reasonsOf.clear();
            this.reasonsOf.set(reasonKey, reasons);
        }
        return { truth: 1, decision: null, reasons, byReading };
    }
}

;// CONCATENATED MODULE: ./build/policy/variants.js
/**
 * The policies the counterfactual `because` decides with (docs/review.md "Which edit caused each
 * change"): the head with one edit reverted, and the base with one edit applied. Rule order never
 * changes a decision (docs/policy.md), so a restored or added rule goes last.
 */
/** The head with `edit` undone: an added rule dropped, a removed one restored, a modified one back to its base version, a setting back to its base value. */
function withEditReverted(head, base, edit) {
    if ('setting' in edit)
        return withSetting(head, edit.setting, edit.from);
    const baseRule = base.rules.find((r) => r.id === edit.rule);
    const rules = head.rules.filter((r) => r.id !== edit.rule);
    if (edit.change === 'added')
        return { ...head, rules };
    if (baseRule === undefined)
        throw new Error(`the base has no rule ${JSON.stringify(edit.rule)} to restore`);
    if (edit.change === 'removed')
        return { ...head, rules: [...rules, baseRule] };
    return { ...head, rules: head.rules.map((r) => (r.id === edit.rule ? baseRule : r)) };
}
/** The base with only `edit` made: the head's version of the rule or setting. */
function withEditApplied(base, head, edit) {
    if ('setting' in edit)
        return withSetting(base, edit.setting, edit.to);
    const headRule = head.rules.find((r) => r.id === edit.rule);
    const rules = base.rules.filter((r) => r.id !== edit.rule);
    if (edit.change === 'removed')
        return { ...base, rules };
    if (headRule === undefined)
        throw new Error(`the head has no rule ${JSON.stringify(edit.rule)} to apply`);
    if (edit.change === 'added')
        return { ...base, rules: [...rules, headRule] };
    return { ...base, rules: base.rules.map((r) => (r.id === edit.rule ? headRule : r)) };
}
function withSetting(policy, name, value) {
    if (value === null)
        throw new Error(`no value of ${name} to set`);
    if (name === 'default_effect')
        return { ...policy, default_effect: value };
    return { ...policy, on_missing_context: value };
}

;// CONCATENATED MODULE: ./build/replay/evaluate/attribution.js





/**
 * The counterfactual `because` of docs/review.md: which edits caused one change. Each variant
 * policy (the head with one edit reverted, the base with one edit applied) is judged on the
 * record exactly as the replay judges a side (unknownSides.ts: the static rule first, then the
 * two-valued decision when nothing the policy reads is unknown, else the three-valued one) — by
 * the reference evaluator, which the conformance suites hold equal to opa-wasm, so no variant is
 * compiled. Only changed records (and those the head can no longer judge) reach this.
 */
const DEFAULT_MAX_ATTRIBUTION_EDITS = 64;
/**
 * Whether a replay attributes each change counterfactually: it compares a head with a base (there
 * is something to revert to) and has at most `maxEdits` edits (each costs two variant evaluations
 * per change).
 */
function attributesCounterfactually(sides, edits, maxEdits) {
    return sides.compare && sides.hasHead && sides.hasBase && edits.length <= maxEdits;
}
/** One policy judged on records the way the replay judges a side. */
class VariantJudge {
    policy;
    mode;
    reading;
    constructor(policy, mode) {
        this.policy = policy;
        this.mode = mode;
        this.reading = readingOf(policy);
    }
    /** `data`: the record's unknown set, null when it has none. */
    truth(record, input, data) {
        if (data === null || readingReasonBits(this.reading, data) === 0)
            return this.twoValued(input);
        if (this.mode === 'static')
            return 1;
        const exact = readingReasonBits(this.reading, { ...data, unpaired: null }) === 0 &&
            !(data.unpaired !== null && this.reading.denyCombinesCallFields);
        if (exact)
            return this.twoValued(input);
        return evaluateReferenceThreeValued(this.policy, record.input, data).allow;
    }
    twoValued(input) {
        return evaluateReference(this.policy, input).allow ? 2 : 0;
    }
}
/**
 * The variants of a record that has nothing unknown, decided together: every rule any variant
 * holds (a head rule or a base rule) is evaluated once, and each variant's decision follows from
 * its rules' outcomes — instead of evaluating each variant's rules again.
 */
class TwoValuedVariants {
    rules = [];
    /** Per variant: its settings, its rules as indices into `rules`, and their outcomes' buffer. */
    variants;
    outcomes = [];
    constructor(policies) {
        const index = new Map();
        this.variants = policies.map((policy) => ({
            policy,
            outcomes: policy.rules.map(() => 0),
            members: policy.rules.map((rule) => {
                let i = index.get(rule);
                if (i === undefined) {
                    i = this.rules.length;
                    index.set(rule, i);
                    this.rules.push(classifyRule(rule));
                }
                return i;
            }),
        }));
    }
    /** Each variant's truth on `input`, in the order the policies were given. */
    truths(input) {
        const outcomes = this.outcomes;
        this.rules.forEach((rule, i) => (outcomes[i] = ruleOutcome(rule, input)));
        return this.variants.map((variant) => {
            variant.members.forEach((i, j) => (variant.outcomes[j] = outcomes[i]));
            return decideFromOutcomes(variant.policy, variant.policy.rules, variant.outcomes) ? 2 : 0;
        });
    }
}
class CauseFinder {
    reverted;
    applied;
    all;
    /** The reverted variants, then the applied ones, for records with nothing unknown. */
    twoValued;
    constructor(head, base, edits, mode) {
        const reverted = edits.map((e) => withEditReverted(head, base, e));
        const applied = edits.map((e) => withEditApplied(base, head, e));
        this.reverted = reverted.map((p) => new VariantJudge(p, mode));
        this.applied = applied.map((p) => new VariantJudge(p, mode));
        this.all = edits.map((_, i) => i);
        this.twoValued = new TwoValuedVariants([...reverted, ...applied]);
    }
    /**
     * The causes of the head's decision `head` of a record the base decides differently: the edits
     * whose reversal alone changes it; else those that alone turn the base's decision into it; else
     * every edit, jointly.
     */
    causesOf(record, input, head) {
        const data = recordUnknowns_hasUnknowns(record) ? recordUnknowns_unknownDataOf(record) : null;
        const k = this.all.length;
        const truths = data === null ? this.twoValued.truths(input) : null;
        const reverted = (i) => truths?.[i] ?? this.reverted[i].truth(record, input, data);
        const applied = (i) => truths?.[k + i] ?? this.applied[i].truth(record, input, data);
        const butFor = this.all.filter((i) => reverted(i) !== head);
        if (butFor.length > 0)
            return { causes: butFor, joint: false };
        const sufficient = this.all.filter((i) => applied(i) === head);
        if (sufficient.length > 0)
            return { causes: sufficient, joint: false };
        return { causes: this.all, joint: true };
    }
}

;// CONCATENATED MODULE: ./build/coverage/bdd.js
const bdd_FALSE = 0;
const bdd_TRUE = 1;
/** Thrown when creating one more node would exceed the manager's budget. */
class NodeBudgetExceeded extends Error {
    maxNodes;
    constructor(maxNodes) {
        super(`the decision diagram needs more than ${maxNodes} nodes`);
        this.maxNodes = maxNodes;
    }
}
const TERMINAL_LEVEL = 0x7fffffff;
/** Node ids stay below 2^26 (MAX_NODES), so an operation and two ids fit one cache entry. */
const MAX_NODES = (/* unused pure expression or super */ null && (2 ** 26));
/** Operation tags of the cache, above every node id. */
const OP_AND = 0;
const OP_OR = (/* unused pure expression or super */ null && (1 << 27));
const OP_NOT = (/* unused pure expression or super */ null && (2 << 27));
/**
 * The operation cache is lossy (a colliding entry overwrites the older one, as in CUDD): its
 * memory stays bounded however long an analysis runs, and a lost entry is only recomputed. It
 * grows with the diagram, to at most 2^22 entries (48 MiB).
 */
const MIN_CACHE_BITS = 12;
const MAX_CACHE_BITS = 22;
function hash3(a, b, c) {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
    h ^= h >>> 15;
    return Math.imul(h, 0x2c1b3c6d) >>> 0;
}
class bdd_BddManager {
    maxNodes;
    /** Per node: its variable, low and high child; nodes 0 and 1 are the terminals. */
    vars = new Int32Array(1024);
    lows = new Int32Array(1024);
    highs = new Int32Array(1024);
    count = 2;
    /** Work done outside the diagrams, in nodes' worth (`charge`): it counts against the budget. */
    spent = 0;
    /** Open addressing over (variable, low, high) → node; 0 is an empty slot (no terminal is stored). */
    unique = new Int32Array(2048);
    uniqueMask = 2047;
    /** Entries of (a, b | op, result); a lost entry is recomputed. */
    cache = new Int32Array(3 << MIN_CACHE_BITS).fill(-1);
    cacheBits = MIN_CACHE_BITS;
    /** The triples `dependsWithin` found to lead nowhere, kept between calls to reuse its memory. */
    failedTriples = new TripleSet();
    constructor(maxNodes) {
        this.maxNodes = maxNodes;
        if (!(maxNodes <= MAX_NODES))
            throw new Error(`maxNodes is at most ${MAX_NODES}`);
        this.vars[0] = TERMINAL_LEVEL;
        this.vars[1] = TERMINAL_LEVEL;
        this.lows[1] = 1;
        this.highs[1] = 1;
    }
    /** Nodes created so far, the two terminals and the work charged included. */
    get size() {
        return this.count + this.spent;
    }
    /** Counts work done outside the diagrams (in nodes' worth) against the budget. */
    charge(nodes) {
        this.spent += nodes;
        if (this.size > this.maxNodes)
            throw new NodeBudgetExceeded(this.maxNodes);
    }
    level(f) {
        return this.vars[f];
    }
    low(f) {
        return this.lows[f];
    }
    high(f) {
        return this.highs[f];
    }
    /** The reduced node (variable, low, high): no redundant test, one node per triple. */
    node(variable, low, high) {
        if (low === high)
            return low;
        const mask = this.uniqueMask;
        let slot = hash3(variable, low, high) & mask;
        for (;;) {
            const id = this.unique[slot];
            if (id === 0)
                break;
            if (this.vars[id] === variable && this.lows[id] === low && this.highs[id] === high)
                return id;
            slot = (slot + 1) & mask;
        }
        if (this.count + this.spent >= this.maxNodes)
            throw new NodeBudgetExceeded(this.maxNodes);
        const id = this.count++;
        if (id >= this.vars.length)
            this.growNodes();
        this.vars[id] = variable;
        this.lows[id] = low;
        this.highs[id] = high;
        this.unique[slot] = id;
        // Kept at most half full, so probes stay short.
        if (this.count * 2 > mask)
            this.growUnique();
        if (this.count > 1 << this.cacheBits && this.cacheBits < MAX_CACHE_BITS)
            this.growCache();
        return id;
    }
    variable(index) {
        return this.node(index, bdd_FALSE, bdd_TRUE);
    }
    literal(index, value) {
        return value ? this.node(index, bdd_FALSE, bdd_TRUE) : this.node(index, bdd_TRUE, bdd_FALSE);
    }
    not(f) {
        if (f <= 1)
            return 1 - f;
        const cached = this.cached(f, OP_NOT);
        if (cached >= 0)
            return cached;
        const result = this.node(this.vars[f], this.not(this.lows[f]), this.not(this.highs[f]));
        this.remember(f, OP_NOT, result);
        return result;
    }
    and(f, g) {
        if (f === bdd_FALSE || g === bdd_FALSE)
            return bdd_FALSE;
        if (f === bdd_TRUE)
            return g;
        if (g === bdd_TRUE || f === g)
            return f;
        return this.apply(f < g ? f : g, f < g ? g : f, OP_AND);
    }
    or(f, g) {
        if (f === bdd_TRUE || g === bdd_TRUE)
            return bdd_TRUE;
        if (f === bdd_FALSE)
            return g;
        if (g === bdd_FALSE || f === g)
            return f;
        return this.apply(f < g ? f : g, f < g ? g : f, OP_OR);
    }
    /** `and` or `or` of two non-terminal nodes, a < b. */
    apply(a, b, op) {
        const cached = this.cached(a, b | op);
        if (cached >= 0)
            return cached;
        const va = this.vars[a];
        const vb = this.vars[b];
        const level = va < vb ? va : vb;
        const a0 = va === level ? this.lows[a] : a;
        const a1 = va === level ? this.highs[a] : a;
        const b0 = vb === level ? this.lows[b] : b;
        const b1 = vb === level ? this.highs[b] : b;
        const result = op === OP_AND
            ? this.node(level, this.and(a0, b0), this.and(a1, b1))
            : this.node(level, this.or(a0, b0), this.or(a1, b1));
        this.remember(a, b | op, result);
        return result;
    }
    implies(f, g) {
        return this.or(this.not(f), g);
    }
    andAll(fs) {
        let result = bdd_TRUE;
        for (const f of fs)
            result = this.and(result, f);
        return result;
    }
    orAll(fs) {
        let result = bdd_FALSE;
        for (const f of fs)
            result = this.or(result, f);
        return result;
    }
    /** At most one of `fs` holds. */
    atMostOne(fs) {
        let none = bdd_TRUE;
        let one = bdd_FALSE;
        for (const f of fs) {
            one = this.or(this.and(one, this.not(f)), this.and(none, f));
            none = this.and(none, this.not(f));
        }
        return this.or(none, one);
    }
    /** The function of the cube's literals (their conjunction). */
    cube(cube) {
        return this.andAll([...cube].map(([v, value]) => this.literal(v, value)));
    }
    /** ∃ variables: f with every variable in `quantified` projected away. */
    exists(f, quantified) {
        const memo = new Map();
        const walk = (g) => {
            if (g <= 1)
                return g;
            const cached = memo.get(g);
            if (cached !== undefined)
                return cached;
            const lo = walk(this.low(g));
            const hi = walk(this.high(g));
            const result = quantified.has(this.level(g)) ? this.or(lo, hi) : this.node(this.level(g), lo, hi);
            memo.set(g, result);
            return result;
        };
        return walk(f);
    }
    /**
     * Whether some x of u has g(x) false and g true once `variable` is flipped: whether g (within
     * u) differs from u ∧ ∃variable.g, found without making a node. Building ∃variable.g would
     * remake g above the variable once for every variable tested (split.ts tests dozens a set).
     */
    dependsWithin(u, g, variable) {
        const failed = this.failedTriples;
        failed.clear();
        const { vars, lows, highs } = this;
        const cofactor = (f, level, value) => vars[f] === level ? (value === 1 ? highs[f] : lows[f]) : f;
        // a follows g at x, b follows g at x with `variable` flipped; `below` once past it.
        const walk = (x, a, b, below) => {
            if (x === bdd_FALSE || a === bdd_TRUE || b === bdd_FALSE)
                return false;
            if (below === 1 && x === bdd_TRUE && a === bdd_FALSE && b === bdd_TRUE)
                return true;
            const inner = b * 2 + below;
            if (failed.has(x, a, inner))
                return false;
            const level = Math.min(vars[x], vars[a], vars[b]);
            const found = below === 0 && level >= variable
                ? walk(cofactor(x, variable, 1), cofactor(a, variable, 1), cofactor(b, variable, 0), 1) ||
                    walk(cofactor(x, variable, 0), cofactor(a, variable, 0), cofactor(b, variable, 1), 1)
                : walk(cofactor(x, level, 1), cofactor(a, level, 1), cofactor(b, level, 1), below) ||
                    walk(cofactor(x, level, 0), cofactor(a, level, 0), cofactor(b, level, 0), below);
            if (!found)
                failed.add(x, a, inner);
            return found;
        };
        return walk(u, g, g, 0);
    }
    /** f with the cube's variables fixed (the cofactor). */
    restrict(f, cube) {
        const last = Math.max(...cube.keys());
        const memo = new Map();
        const walk = (g) => {
            if (g <= 1 || this.level(g) > last)
                return g;
            const cached = memo.get(g);
            if (cached !== undefined)
                return cached;
            const value = cube.get(this.level(g));
            const result = value === undefined
                ? this.node(this.level(g), walk(this.low(g)), walk(this.high(g)))
                : walk(value ? this.high(g) : this.low(g));
            memo.set(g, result);
            return result;
        };
        return walk(f);
    }
    /** The value of f under a total assignment (a variable the function reads must be given). */
    evaluate(f, value) {
        let g = f;
        while (g > 1)
            g = value(this.level(g)) ? this.high(g) : this.low(g);
        return g === bdd_TRUE;
    }
    /**
     * The paths to TRUE, each a cube (the variables tested on the path): disjoint, and together
     * exactly f. Lazy, so a caller can stop early.
     */
    *paths(f) {
        yield* this.walkPaths(f, new Map());
    }
    /** The paths below g, `cube` holding the path above it (restored on return). */
    *walkPaths(g, cube) {
        if (g === bdd_FALSE)
            return;
        if (g === bdd_TRUE) {
            yield new Map(cube);
            return;
        }
        const v = this.level(g);
        cube.set(v, true);
        yield* this.walkPaths(this.high(g), cube);
        cube.set(v, false);
        yield* this.walkPaths(this.low(g), cube);
        cube.delete(v);
    }
    /** The variables f depends on. */
    support(f) {
        const seen = new Set();
        const found = new Set();
        const stack = [f];
        while (stack.length > 0) {
            const g = stack.pop();
            if (g <= 1 || seen.has(g))
                continue;
            seen.add(g);
            found.add(this.level(g));
            stack.push(this.low(g), this.high(g));
        }
        return found;
    }
    cached(a, key) {
        const at = (hash3(a, key, 0) >>> (32 - this.cacheBits)) * 3;
        const cache = this.cache;
        return cache[at] === a && cache[at + 1] === key ? cache[at + 2] : -1;
    }
    remember(a, key, result) {
        const at = (hash3(a, key, 0) >>> (32 - this.cacheBits)) * 3;
        this.cache[at] = a;
        this.cache[at + 1] = key;
        this.cache[at + 2] = result;
    }
    growNodes() {
        const grow = (old) => {
            const next = new Int32Array(Math.min(old.length * 2, this.maxNodes));
            next.set(old);
            return next;
        };
        this.vars = grow(this.vars);
        this.lows = grow(this.lows);
        this.highs = grow(this.highs);
    }
    growUnique() {
        const size = this.unique.length * 2;
        const mask = size - 1;
        const unique = new Int32Array(size);
        for (let id = 2; id < this.count; id++) {
            let slot = hash3(this.vars[id], this.lows[id], this.highs[id]) & mask;
            while (unique[slot] !== 0)
                slot = (slot + 1) & mask;
            unique[slot] = id;
        }
        this.unique = unique;
        this.uniqueMask = mask;
    }
    /** A larger cache, empty: entries are only ever a saving, never needed. */
    growCache() {
        this.cacheBits++;
        this.cache = new Int32Array(3 << this.cacheBits).fill(-1);
    }
}
/**
 * Whether some assignment agreeing with `known` takes f to TRUE and g to `gives`; if so `found`
 * gets the choices of one such path (any value of the variables it leaves out will do). A walk of
 * the two diagrams side by side, remembering the pairs that failed: no node is made.
 */
function completes(m, f, g, gives, known, found) {
    const failed = new Set();
    const level = (x) => (x <= bdd_TRUE ? Infinity : m.level(x));
    const cofactor = (x, v, value) => x <= bdd_TRUE || m.level(x) !== v ? x : value ? m.high(x) : m.low(x);
    const walk = (a, b) => {
        if (a === bdd_FALSE || (b <= bdd_TRUE && (b === bdd_TRUE) !== gives))
            return false;
        if (a === bdd_TRUE && b <= bdd_TRUE)
            return true;
        const key = a * 2 ** 27 + b;
        if (failed.has(key))
            return false;
        const v = Math.min(level(a), level(b));
        const fixed = known.get(v);
        for (const value of fixed === undefined ? [true, false] : [fixed]) {
            if (walk(cofactor(a, v, value), cofactor(b, v, value))) {
                found.set(v, value);
                return true;
            }
        }
        failed.add(key);
        return false;
    };
    return walk(f, g);
}
/** A set of triples of ids (open addressing), emptied in constant time by a generation stamp. */
class TripleSet {
    a = new Int32Array(1 << 12);
    b = new Int32Array(1 << 12);
    c = new Int32Array(1 << 12);
    stamp = new Uint32Array(1 << 12);
    generation = 1;
    size = 0;
    clear() {
        this.size = 0;
        if (++this.generation === 0xffffffff) {
            this.stamp.fill(0);
            this.generation = 1;
        }
    }
    slotOf(a, b, c) {
        const mask = this.stamp.length - 1;
        let slot = hash3(a, b, c) & mask;
        while (this.stamp[slot] === this.generation) {
            if (this.a[slot] === a && this.b[slot] === b && this.c[slot] === c)
                return slot;
            slot = (slot + 1) & mask;
        }
        return slot;
    }
    has(a, b, c) {
        return this.stamp[this.slotOf(a, b, c)] === this.generation;
    }
    add(a, b, c) {
        if ((this.size + 1) * 2 > this.stamp.length)
            this.grow();
        const slot = this.slotOf(a, b, c);
        if (this.stamp[slot] === this.generation)
            return;
        this.stamp[slot] = this.generation;
        this.a[slot] = a;
        this.b[slot] = b;
        this.c[slot] = c;
        this.size++;
    }
    grow() {
        const [a, b, c, stamp, generation] = [this.a, this.b, this.c, this.stamp, this.generation];
        const size = stamp.length * 2;
        this.a = new Int32Array(size);
        this.b = new Int32Array(size);
        this.c = new Int32Array(size);
        this.stamp = new Uint32Array(size);
        this.generation = 1;
        this.size = 0;
        for (let i = 0; i < stamp.length; i++)
            if (stamp[i] === generation)
                this.add(a[i], b[i], c[i]);
    }
}

;// CONCATENATED MODULE: ./build/coverage/fieldAtoms.js

/** Allocates consecutive variables from `next`, returning the field's atoms and the next free. */
function fieldAtoms_allocateField(field, kind, constants, single, edited, next) {
    const sorted = [...new Set(constants)].sort();
    const present = next;
    const bits = sorted.map((_, i) => next + 1 + i);
    return { atoms: { field, kind, present, constants: sorted, bits, single, edited }, next: next + 1 + sorted.length };
}
/** The bit of one constant, or undefined when the field has no such constant. */
function fieldAtoms_bitOf(atoms, constant) {
    const i = atoms.constants.indexOf(constant);
    return i < 0 ? undefined : atoms.bits[i];
}
/**
 * docs/policy.md "One condition" over the field's atoms. For a single-valued field the value is
 * read as its first held constant (a decision list over the bits): the same function wherever at
 * most one bit is set, which the field's constraint demands of every real request, but a diagram
 * that never asks about the constants after the one held, so a rule's condition on one call's
 * tool does not leave the caller's fields to tell apart every set of tools held at once.
 */
function fieldAtoms_conditionBdd(m, atoms, condition) {
    if (atoms.single) {
        const wanted = new Set(condition.values);
        const inside = condition.operator === 'in';
        let firstHeld = inside ? FALSE : TRUE;
        for (let i = atoms.bits.length - 1; i >= 0; i--) {
            const holds = wanted.has(atoms.constants[i]) === inside;
            firstHeld = m.node(atoms.bits[i], firstHeld, holds ? TRUE : FALSE);
        }
        return m.node(atoms.present, FALSE, firstHeld);
    }
    const listed = m.orAll(condition.values.map((value) => {
        const bit = fieldAtoms_bitOf(atoms, value);
        return bit === undefined ? FALSE : m.variable(bit);
    }));
    const holds = condition.operator === 'in' ? listed : m.not(listed);
    return m.and(m.variable(atoms.present), holds);
}
/**
 * The canonical form of the field's atoms: a bit only with `present`, at most one bit for a
 * single-valued field, and for `is_batch` (constants "false", "true") exactly one when present.
 */
function fieldAtoms_fieldConstraint(m, atoms) {
    const present = m.variable(atoms.present);
    const bits = atoms.bits.map((b) => m.variable(b));
    let constraint = m.andAll(bits.map((b) => m.implies(b, present)));
    if (atoms.single)
        constraint = m.and(constraint, m.atMostOne(bits));
    if (atoms.kind.kind === 'is_batch')
        constraint = m.and(constraint, m.implies(present, m.orAll(bits)));
    return constraint;
}

;// CONCATENATED MODULE: ./build/coverage/callModel.js

/**
 * Call variables start here, above every request variable in the order, so the two never
 * interleave. With the call's atoms first, each value of the call leaves a small diagram of the
 * caller's fields (the rules that call can match); with them last, the diagram of the caller's
 * fields would have to tell apart every union of the tool sets the caller's groups allow.
 */
const CALL_VARIABLES_START = (/* unused pure expression or super */ null && (-1_000_000));
/**
 * The quantified bits start here: below one call's atoms, above every other request variable. A
 * batch's sets are then read bits first: below each profile's bits, only its own set of callers
 * (batchKinds.ts). After the caller's fields, the bits would have to tell apart every set of rules
 * the fields enable.
 */
const callModel_QUANTIFIED_BITS_START = (/* unused pure expression or super */ null && (-500_000));
const CALL_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'];
/** The methods the MCP shape names (a tool only on the one, a resource only on the other). */
const MCP_METHODS = ['tools/call', 'resources/read'];
class callModel_CallModel {
    m;
    hasCalls;
    many;
    quiet;
    allocate;
    fields = new Map();
    /** What every call satisfies: canonical atoms, and under the MCP shape the call's form. */
    shape;
    bits = [];
    /**
     * The `exists` bits only deny rules both versions hold unchanged read (no other rule; an edited
     * constant's bit is never a rule's). Such a rule that matches makes both sides deny, so no changed request has one
     * matching: lists of two calls or more are analysed only where none does (`quiet`), and these
     * bits are then read by nothing (batchProfiles.ts).
     */
    quieted = new Set();
    byKey = new Map();
    constructor(m, constants, edited, mcp, 
    /** The request variable of "the call list is non-empty". */
    hasCalls, 
    /** The request variable of "the call list has two calls or more". */
    many, 
    /**
     * The request variable of "two calls or more, and no deny rule of a `quieted` bit matches":
     * the lists of two calls or more the batch part analyses (false for the others).
     */
    quiet, allocate) {
        this.m = m;
        this.hasCalls = hasCalls;
        this.many = many;
        this.quiet = quiet;
        this.allocate = allocate;
        let next = CALL_VARIABLES_START;
        for (const name of CALL_FIELDS) {
            const wanted = new Set(constants.get(name) ?? []);
            if (mcp && name === 'method')
                for (const method of MCP_METHODS)
                    wanted.add(method);
            const field = allocateField(name, { kind: 'call', name }, wanted, mcp, edited.get(name) ?? new Set(), next);
            this.fields.set(name, field.atoms);
            next = field.next;
        }
        let shape = m.andAll([...this.fields.values()].map((atoms) => fieldConstraint(m, atoms)));
        if (mcp)
            shape = m.and(shape, this.mcpForm());
        this.shape = shape;
    }
    /** A JSON-RPC call has a method; a tool only on tools/call, a resource only on resources/read. */
    mcpForm() {
        const m = this.m;
        const method = this.fields.get('method');
        const is = (value) => m.variable(bitOf(method, value));
        const present = (name) => m.variable(this.fields.get(name).present);
        return m.andAll([
            present('method'),
            m.implies(present('tool'), is('tools/call')),
            m.implies(present('resource_uri'), is('resources/read')),
        ]);
    }
    /** The request bit of a quantified predicate; one bit per distinct (quantifier, predicate). */
    bitFor(quantifier, predicate) {
        const key = `${quantifier}:${predicate}`;
        let bit = this.byKey.get(key);
        if (bit === undefined) {
            bit = { variable: this.allocate(), quantifier, predicate };
            this.byKey.set(key, bit);
            this.bits.push(bit);
        }
        return bit;
    }
    /**
     * The request's view of a quantified predicate among requests of one call or none (the
     * predicate of that call; false without one) or among lists of two calls or more (its bit).
     * The two parts are analysed apart (analyse.ts), so neither diagram holds the other's.
     */
    view(bit, part) {
        const m = this.m;
        return part === 'batch'
            ? m.and(m.variable(this.many), m.variable(bit.variable))
            : m.andAll([m.not(m.variable(this.many)), m.variable(this.hasCalls), bit.predicate]);
    }
    /** The variables of one call (its atoms). */
    callVariables() {
        return new Set([...this.fields.values()].flatMap((f) => [f.present, ...f.bits]));
    }
    /** One call of f: its first path, every untested variable false (all completions satisfy f). */
    pick(f) {
        for (const path of this.m.paths(f))
            return path;
        throw new Error('pick: an unsatisfiable call predicate');
    }
}

;// CONCATENATED MODULE: ./build/coverage/concrete.js
/**
 * The atom assignment of a concrete OPA input (docs/coverage.md "Atoms"): which atom each field
 * value falls in, the three flags, the window memberships of its time, and the call bits of its
 * call list. This is how a sample record is placed in a kind (`covered_by`), and how the tests hold
 * the symbolic decision equal to the reference evaluator.
 */

/** The text a scalar is compared by (docs/policy.md "One condition"), or undefined. */
function textOf(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return JSON.stringify(value);
    return undefined;
}
/** Sets the atoms of one field from the value found at its path. */
function assignField(into, atoms, found) {
    const value = found.present ? found.value : undefined;
    let present;
    let holds;
    if (atoms.kind.kind === 'is_batch') {
        present = typeof value === 'boolean';
        holds = (c) => (c === 'true') === value;
    }
    else if (atoms.kind.kind === 'unparsable_calls') {
        present = typeof value === 'number';
        holds = (c) => Number(c) === value;
    }
    else if (Array.isArray(value)) {
        present = true;
        const texts = new Set(value.map(textOf));
        holds = (c) => texts.has(c);
    }
    else {
        const text = textOf(value);
        present = text !== undefined;
        holds = (c) => c === text;
    }
    into.set(atoms.present, present);
    atoms.constants.forEach((c, i) => into.set(atoms.bits[i], present && holds(c)));
}
function assignCall(into, space, call) {
    for (const atoms of space.calls.fields.values())
        assignField(into, atoms, lookup(call, [atoms.field]));
}
function callAssignment(space, call) {
    const values = new Map();
    assignCall(values, space, call);
    return (v) => values.get(v) ?? false;
}
/** Whether one concrete call satisfies a predicate over the call variables. */
function callSatisfies(space, call, predicate) {
    return space.m.evaluate(predicate, callAssignment(space, call));
}
/** The request's calls: an absent or non-array `calls` is the empty list. */
function callsOf(input) {
    const found = reference_lookup(input, ['request', 'mcp', 'calls']);
    return found.present && Array.isArray(found.value) ? found.value : [];
}
/**
 * The assignment of every request variable. A present time is taken to be a valid RFC 3339
 * instant (the replay rejects others before evaluation); `inForce` throws otherwise.
 */
function assignmentOf(space, input) {
    const a = new Map();
    const flag = (path) => {
        const found = lookup(input, path);
        return found.present && found.value === true;
    };
    a.set(space.flags.verified, flag(['identity', 'verified']));
    a.set(space.flags.resolved, flag(['identity', 'attributes_resolved']));
    const time = lookup(input, ['request', 'time']);
    a.set(space.flags.timePresent, time.present);
    for (const atoms of space.fields) {
        if (atoms.kind.kind === 'call')
            continue;
        assignField(a, atoms, lookup(input, requestPath(atoms.kind)));
    }
    for (const w of space.windows)
        a.set(w.variable, time.present && inForce(w.window, time.value));
    const calls = callsOf(input);
    a.set(space.calls.hasCalls, calls.length > 0);
    a.set(space.calls.many, calls.length > 1);
    // One call: its own atoms. Two or more: the quantified bits (the call atoms stay false).
    if (calls.length === 1)
        assignCall(a, space, calls[0]);
    const assignments = calls.length > 1 ? calls.map((call) => callAssignment(space, call)) : [];
    for (const bit of space.calls.bits) {
        const each = assignments.map((value) => space.m.evaluate(bit.predicate, value));
        const holds = bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean);
        a.set(bit.variable, holds);
    }
    a.set(space.calls.quiet, calls.length > 1 && space.batch?.profiles.quietOf(a, assignments) === true);
    return a;
}
/**
 * Whether a concrete input has the space's request shape: its atoms satisfy the constraint and
 * every call the per-call shape (under `--shape any`, every input does). `a`: its assignment,
 * when already computed.
 */
function hasShape(space, input, a = assignmentOf(space, input)) {
    if (!space.m.evaluate(space.constraint, (v) => a.get(v) ?? false))
        return false;
    return callsOf(input).every((call) => callSatisfies(space, call, space.calls.shape));
}

;// CONCATENATED MODULE: ./build/coverage/windows.js


const MIN_HORIZON_DAYS = 366;
const DAY = 86_400;
/**
 * Offsets are sampled this often, then each change is bisected to its second. Two transitions
 * closer than this that cancel out would be missed; the time-zone database has none such.
 */
const STEP = (/* unused pure expression or super */ null && (6 * 3_600));
/** Offsets per zone and horizon, computed once: reading the zone database is the slow part. */
const segmentMemo = new Map();
/** The zone's offsets over [from, to), each change at its exact second. */
function segmentsOf(name, zone, from, to) {
    const key = `${name} ${from} ${to}`;
    const known = segmentMemo.get(key);
    if (known !== undefined)
        return known;
    const segments = [{ start: -Infinity, offset: zone.offsetAt(from - DAY) }];
    let previous = segments[0].offset;
    for (let t = from - DAY + STEP; t < to + DAY + STEP; t += STEP) {
        const offset = zone.offsetAt(t);
        if (offset === previous)
            continue;
        // Bisect the step for the first second of the new offset.
        let lo = t - STEP;
        let hi = t;
        while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (zone.offsetAt(mid) === previous)
                lo = mid;
            else
                hi = mid;
        }
        segments.push({ start: hi, offset });
        previous = offset;
    }
    if (segmentMemo.size > 1_000)
        segmentMemo.clear();
    segmentMemo.set(key, segments);
    return segments;
}
/** Candidate instants (unix seconds) where some membership of a window in the zone can change. */
function zoneCandidates(segments, windows, from, to) {
    const offsets = new Set(segments.map((s) => s.offset));
    const minutes = new Set([0]);
    for (const w of windows) {
        minutes.add(clockMinutes(w.from));
        minutes.add(clockMinutes(w.to));
    }
    const candidates = segments.slice(1).map((s) => s.start);
    // Local days from one before the horizon to one after, so that every offset is covered.
    const firstDay = Math.floor(from / DAY) - 1;
    const lastDay = Math.floor(to / DAY) + 1;
    for (let day = firstDay; day <= lastDay; day++) {
        for (const minute of minutes) {
            for (const offset of offsets)
                candidates.push(day * DAY + minute * 60 - offset);
        }
    }
    return candidates;
}
function isoOf(seconds) {
    return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
/** Days by Go's weekday number (0 = Sunday), as reference.ts reads them. */
const DAY_BY_WEEKDAY = (/* unused pure expression or super */ null && (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']));
/**
 * The reference's `inForce` for an instant of whole seconds in a loaded zone, the same rule
 * without writing and parsing an RFC 3339 string (the sweep below evaluates thousands); the unit
 * suite holds the two equal.
 */
function insideAt(window, zone, seconds) {
    return insideLocal(window, seconds + zone.offsetAt(seconds));
}
/** Membership at a local time (unix seconds plus the offset in force). */
function insideLocal(window, local) {
    const days = Math.floor(local / DAY);
    if (!window.days.includes(DAY_BY_WEEKDAY[(((days + 4) % 7) + 7) % 7]))
        return false;
    const minute = Math.floor((local - days * DAY) / 60);
    const from = clockMinutes(window.from);
    const to = clockMinutes(window.to);
    return from < to ? from <= minute && minute < to : minute >= from || minute < to;
}
/**
 * Every membership vector of `windows` some instant of the horizon realises, in order of their
 * earliest instant, with that instant. A sweep over the candidates in time order: at each, only
 * the windows of the zones the candidate belongs to can change. Throws for an unknown zone (the
 * policies are validated, so that is a bug).
 */
function windows_realisableWindowVectors(windows, horizon) {
    if (windows.length === 0)
        return [{ inside: [], instant: horizon.start }];
    if (!(horizon.days >= MIN_HORIZON_DAYS))
        throw new Error(`the horizon must be at least ${MIN_HORIZON_DAYS} days`);
    const from = Math.floor(Date.parse(horizon.start) / 1000);
    if (!Number.isFinite(from))
        throw new Error(`not an instant: ${horizon.start}`);
    const to = from + horizon.days * DAY;
    const zones = new Map();
    windows.forEach((w, i) => {
        const entry = zones.get(w.timezone);
        if (entry !== undefined)
            entry.members.push(i);
        else {
            const zone = loadTimeZone(w.timezone);
            if (zone === undefined)
                throw new Error(`unknown time zone ${w.timezone}`);
            zones.set(w.timezone, { segments: segmentsOf(w.timezone, zone, from, to), members: [i] });
        }
    });
    const changes = new Map();
    for (const [name, { segments, members }] of zones) {
        const zoneWindows = members.map((i) => windows[i]);
        for (const c of zoneCandidates(segments, zoneWindows, from, to)) {
            if (c > from && c < to)
                changes.set(c, (changes.get(c) ?? new Set()).add(name));
        }
    }
    const offsetAt = (segments, t) => {
        let i = segments.length - 1;
        while (segments[i].start > t)
            i--;
        return segments[i].offset;
    };
    const update = (name, t) => {
        const { segments, members } = zones.get(name);
        const local = t + offsetAt(segments, t);
        for (const i of members)
            inside[i] = insideLocal(windows[i], local);
    };
    const inside = windows.map(() => false);
    for (const name of zones.keys())
        update(name, from);
    const found = new Map();
    const record = (at) => {
        const key = inside.map((b) => (b ? '1' : '0')).join('');
        if (!found.has(key))
            found.set(key, { inside: [...inside], instant: isoOf(at) });
    };
    record(from);
    for (const c of [...changes.keys()].sort((a, b) => a - b)) {
        for (const name of changes.get(c))
            update(name, c);
        record(c);
    }
    return [...found.values()];
}

;// CONCATENATED MODULE: ./build/coverage/space.js







/**
 * The variable of `quiet` (callModel.ts): below the quantified bits, above the flags, so that a
 * batch's sets read it once, right after the bits.
 */
const QUIET_VARIABLE = (/* unused pure expression or super */ null && (-1));
function windowKey(w) {
    const days = DAYS.filter((d) => w.days.includes(d));
    return JSON.stringify([days, w.from, w.to, w.timezone]);
}
/** A field compared by type, or, under the MCP shape, one the gateway records as a string. */
function isSingle(kind, shape) {
    if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls')
        return true;
    return shape === 'mcp' && (kind.kind === 'http' || kind.kind === 'identity' || kind.kind === 'call');
}
/** Claim or argument paths where one is a prefix of another: their atoms would not be independent. */
function overlappingPaths(policies) {
    const paths = new Set();
    for (const p of policies)
        for (const r of p.rules)
            for (const c of r.conditions)
                if (/^(claim|argument):/.test(c.field))
                    paths.add(c.field);
    const sorted = [...paths].sort();
    return sorted.filter((a) => sorted.some((b) => b !== a && b.startsWith(`${a}.`)));
}
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/**
 * Policy values that read as a JSON number written other than in its shortest form (`5.0`,
 * `1E2`, `-0`, an integer beyond 2^53). OPA compares a recorded number by the text it was written
 * in, while the atoms see a number only in its shortest form, so a request that such a value
 * matches has no atom: the pair is not analysed (docs/coverage.md "Limits").
 */
function nonCanonicalNumbers(policies) {
    const found = new Set();
    for (const p of policies)
        for (const r of p.rules)
            for (const c of r.conditions)
                for (const v of c.values)
                    if (JSON_NUMBER.test(v) && JSON.stringify(Number(v)) !== v)
                        found.add(`${c.field} "${v}"`);
    return [...found].sort();
}
function allRules(base, head) {
    return [...(base?.rules ?? []), ...(head?.rules ?? [])];
}
/** The fields, constants and windows of some rules: the same whatever the shape or the horizon. */
function collect(rules) {
    const request = new Map([
        ['is_batch', { kind: { kind: 'is_batch' }, constants: new Set(['false', 'true']) }],
    ]);
    const call = new Map();
    const windows = new Map();
    for (const rule of rules) {
        if (rule.active_window)
            windows.set(windowKey(rule.active_window), rule.active_window);
        for (const c of rule.conditions) {
            const kind = fields_classifyField(c.field);
            if (kind.kind === 'call') {
                const set = call.get(kind.name) ?? new Set();
                c.values.forEach((v) => set.add(v));
                call.set(kind.name, set);
            }
            else {
                const entry = request.get(c.field) ?? { kind, constants: new Set() };
                c.values.forEach((v) => entry.constants.add(v));
                request.set(c.field, entry);
            }
        }
    }
    return { request, call, windows };
}
/** Builds the space; throws NodeBudgetExceeded past `maxNodes`. */
function buildSpace(base, head, options) {
    const m = new BddManager(options.maxNodes);
    const collected = collect(allRules(base, head));
    const edited = editedConstants(base, head);
    let next = 0;
    const flags = { verified: next++, resolved: next++, timePresent: next++ };
    const fields = [];
    for (const field of [...collected.request.keys()].sort()) {
        const { kind, constants } = collected.request.get(field);
        const single = isSingle(kind, options.shape);
        const allocated = allocateField(field, kind, constants, single, edited.get(field) ?? new Set(), next);
        fields.push(allocated.atoms);
        next = allocated.next;
    }
    const windows = [...collected.windows.values()].map((window) => ({ window, variable: next++ }));
    const hasCalls = next++;
    const many = next++;
    let bit = QUANTIFIED_BITS_START;
    const mcp = options.shape === 'mcp';
    const calls = new CallModel(m, collected.call, edited, mcp, hasCalls, many, QUIET_VARIABLE, () => bit++);
    const ruleCallBit = new Map();
    for (const rule of allRules(base, head)) {
        const conditions = rule.conditions.filter((c) => classifyField(c.field).kind === 'call');
        if (conditions.length === 0)
            continue;
        const predicate = m.andAll(conditions.map((c) => conditionBdd(m, calls.fields.get(c.field), c)));
        ruleCallBit.set(rule, calls.bitFor(rule.effect === 'deny' ? 'exists' : 'forall', predicate));
    }
    const editBits = new Set();
    for (const atoms of fields)
        for (const c of atoms.edited)
            editBits.add(bitOf(atoms, c));
    for (const atoms of calls.fields.values()) {
        for (const c of atoms.edited) {
            // The single call's own bit, and the batch's "some call holds it".
            editBits.add(bitOf(atoms, c));
            editBits.add(calls.bitFor('exists', m.variable(bitOf(atoms, c))).variable);
        }
    }
    for (const variable of quietedBits(base, head, ruleCallBit))
        calls.quieted.add(variable);
    const vectors = realisableWindowVectors(windows.map((w) => w.window), options.horizon);
    const isBatch = fields.find((f) => f.kind.kind === 'is_batch');
    const partial = { m, shape: options.shape, flags, fields, isBatch, windows, vectors, calls };
    const constraint = spaceConstraint(partial);
    return { ...partial, horizon: options.horizon, editBits, ruleCallBit, constraint, batch: null };
}
/** A rule both versions hold alike (its id aside from its description). */
function unchangedRule(base, head, rule) {
    const meaning = (r) => JSON.stringify([r.effect, r.conditions, r.active_window ?? null]);
    const inBase = base?.rules.find((r) => r.id === rule.id);
    const inHead = head?.rules.find((r) => r.id === rule.id);
    return inBase !== undefined && inHead !== undefined && meaning(inBase) === meaning(inHead);
}
/** The `exists` bits only deny rules both versions hold unchanged read (callModel.ts `quieted`). */
function quietedBits(base, head, ruleCallBit) {
    const only = new Map();
    for (const [rule, bit] of ruleCallBit) {
        const quiet = rule.effect === 'deny' && unchangedRule(base, head, rule);
        only.set(bit.variable, (only.get(bit.variable) ?? true) && quiet);
    }
    // An edited call constant's bit is never a rule's: a rule's predicate also reads `present`.
    return [...only].filter(([, quiet]) => quiet).map(([v]) => v);
}
function spaceConstraint(space) {
    const { m, flags } = space;
    const parts = space.fields.map((atoms) => fieldConstraint(m, atoms));
    // Window atoms mean something only with a time; without one they are fixed false.
    const time = m.variable(flags.timePresent);
    const windowVars = space.windows.map((w) => m.variable(w.variable));
    const realisable = m.orAll(space.vectors.map((vector) => m.andAll(vector.inside.map((inside, i) => (inside ? windowVars[i] : m.not(windowVars[i]))))));
    parts.push(m.implies(time, realisable));
    parts.push(m.implies(m.not(time), m.andAll(windowVars.map((w) => m.not(w)))));
    parts.push(callsConstraint(space));
    return m.andAll(parts);
}
/**
 * One call: the call variables are its atoms, in the call's shape. Two or more: the call
 * variables fixed false (which assignments of the quantified bits lists realise is the batch
 * part's universe, batchSpace.ts). None: everything false.
 */
function callsConstraint(space) {
    const { m, calls } = space;
    const hasCalls = m.variable(calls.hasCalls);
    const many = m.variable(calls.many);
    const single = m.and(hasCalls, m.not(many));
    const callVariables = [...calls.callVariables()];
    const parts = [
        m.implies(many, hasCalls),
        m.implies(single, calls.shape),
        m.implies(m.not(single), m.andAll(callVariables.map((v) => m.not(m.variable(v))))),
        ...calls.bits.map((bit) => m.implies(m.variable(bit.variable), many)),
        m.implies(m.variable(calls.quiet), many),
    ];
    if (space.shape === 'mcp') {
        // Calls travel inside a JSON-RPC envelope, which says whether it is a batch; only a batch
        // holds more than one call.
        const batch = space.isBatch;
        parts.push(m.implies(hasCalls, m.variable(batch.present)));
        parts.push(m.implies(many, m.variable(bitOf(batch, 'true'))));
    }
    return m.andAll(parts);
}
/**
 * The real requests of one part. Those of one call or none hold no quantified bit, so their
 * universe is taken with the bits fixed false and tests none: read bits first, every set of
 * single requests would otherwise carry a chain of every bit (a 200-rule pair: 0.75 million more
 * nodes in its kinds' enumeration).
 */
function partUniverse(space, part) {
    const { m, calls } = space;
    const many = m.variable(calls.many);
    if (part === 'batch') {
        if (space.batch === null)
            throw new Error('partUniverse: lists of two calls or more were not analysed');
        return space.batch.universe;
    }
    const noBits = new Map([...calls.bits.map((b) => [b.variable, false]), [calls.quiet, false]]);
    return m.and(m.restrict(space.constraint, noBits), m.not(many));
}
/** The window atom of a rule's window. */
function windowVariable(space, window) {
    const key = windowKey(window);
    const found = space.windows.find((w) => windowKey(w.window) === key);
    if (found === undefined)
        throw new Error(`no window atom for ${key}`);
    return found.variable;
}

;// CONCATENATED MODULE: ./build/coverage/signature.js
/**
 * A record's atoms as a short string, its **signature** (docs/coverage.md "Placing a request"),
 * computed where the replay reads the record (a worker thread) and placed in the kinds later, once
 * per distinct signature.
 *
 * The kinds need the time horizon, which starts at the sample's first record and so is known only
 * after the replay; and under `--shape mcp` a sample that breaks the shape is analysed again under
 * `any`. A record's atoms depend on neither: each field holds a constant or not, each window holds
 * its time or not, whatever the horizon, and projecting the atoms of one shape's constants from
 * another's loses nothing, because a constant's bit is read from the value alone. So the signature
 * holds the atoms over every constant of either shape: the three flags, every request field's
 * `present` and constant bits, every window's membership, whether there are calls and several, and
 * the distinct calls' own atoms (a batch's quantified bits and the per-call shape are functions of
 * that set). `SignaturePlacer` maps a signature to the assignment and shape check of a built
 * space, as assignmentOf and hasShape would give for any record of that signature.
 *
 * A partial record's signature also says which atoms its unknowns hide, so that it can be placed
 * where every completion of them falls (covered.ts).
 */








const signature_VERIFIED = 0;
const RESOLVED = 1;
const TIME = 2;
/** The signature atoms of a policy pair: the same in every thread, for every shape and horizon. */
function signatureSpace(base, head) {
    const collected = collect(allRules(base, head));
    const none = new Set();
    let next = TIME + 1;
    const fields = [];
    for (const field of [...collected.request.keys()].sort()) {
        const { kind, constants } = collected.request.get(field);
        const allocated = fieldAtoms_allocateField(field, kind, constants, false, none, next);
        fields.push(allocated.atoms);
        next = allocated.next;
    }
    const windows = [...collected.windows.values()];
    let callNext = 0;
    const callFields = CALL_FIELDS.map((name) => {
        const wanted = new Set(collected.call.get(name) ?? []);
        if (name === 'method')
            for (const method of MCP_METHODS)
                wanted.add(method);
        const allocated = fieldAtoms_allocateField(name, { kind: 'call', name }, wanted, false, none, callNext);
        callNext = allocated.next;
        return allocated.atoms;
    });
    const paths = fields.map((f) => (f.kind.kind === 'call' ? [] : reference_requestPath(f.kind)));
    return { fields, paths, windows, callFields, requestBits: next + windows.length + 2, callBits: callNext };
}
/** Bits written by variable, read back as hexadecimal text (four bits a digit). */
class Bits {
    values;
    constructor(size) {
        this.values = new Uint8Array(size);
    }
    set(variable, value) {
        this.values[variable] = value ? 1 : 0;
    }
    text() {
        let text = '';
        for (let i = 0; i < this.values.length; i += 4) {
            const digit = this.values[i] | ((this.values[i + 1] ?? 0) << 1) | ((this.values[i + 2] ?? 0) << 2) | ((this.values[i + 3] ?? 0) << 3);
            text += digit.toString(16);
        }
        return text;
    }
}
function bitsOf(text, size) {
    const values = new Uint8Array(size);
    for (let d = 0; d < text.length; d++) {
        const digit = parseInt(text[d], 16);
        for (let k = 0; k < 4 && 4 * d + k < size; k++)
            values[4 * d + k] = (digit >> k) & 1;
    }
    return values;
}
function callText(sig, call) {
    const bits = new Bits(sig.callBits);
    for (const atoms of sig.callFields)
        assignField(bits, atoms, reference_lookup(call, [atoms.field]));
    return bits.text();
}
/**
 * The signature of an OPA input. A present time is taken to be a valid RFC 3339 instant when a
 * window reads it; `inForce` throws otherwise, as assignmentOf does.
 */
function signatureOf(sig, input) {
    return signatureWith(sig, input, null);
}
/**
 * The signature, or with `unknown` (the record's unknown set, effective pointers) the signature of
 * a partial record: `?`, the bits, `/` and the mask of the unknown ones (a field, a flag, the time
 * and with it every window), and for one call its bits and mask alike. null when the unknowns
 * reach the calls of a list that cannot be pinned down: the list itself, an unpaired batch (the
 * caller's to say), or a field of a list of two calls or more.
 */
function signatureWith(sig, input, unknown) {
    const bits = new Bits(sig.requestBits);
    const mask = new Bits(sig.requestBits);
    const hidden = (location) => unknown !== null && isUnknown(unknown, location);
    const flag = (at, path) => {
        const found = reference_lookup(input, path);
        bits.set(at, found.present && found.value === true);
        mask.set(at, hidden(path));
    };
    flag(signature_VERIFIED, VERIFIED);
    flag(RESOLVED, ATTRIBUTES_RESOLVED);
    const time = reference_lookup(input, ['request', 'time']);
    const timeHidden = hidden(REQUEST_TIME);
    bits.set(TIME, time.present);
    mask.set(TIME, timeHidden);
    sig.fields.forEach((atoms, i) => {
        assignField(bits, atoms, reference_lookup(input, sig.paths[i]));
        if (hidden(sig.paths[i]))
            for (const v of [atoms.present, ...atoms.bits])
                mask.set(v, true);
    });
    const windowsAt = sig.requestBits - 2 - sig.windows.length;
    sig.windows.forEach((w, i) => {
        bits.set(windowsAt + i, !timeHidden && time.present && reference_inForce(w, time.value));
        mask.set(windowsAt + i, timeHidden);
    });
    if (unknown !== null && isCallListUnknown(unknown))
        return null;
    const calls = callsOf(input);
    bits.set(sig.requestBits - 2, calls.length > 0);
    bits.set(sig.requestBits - 1, calls.length > 1);
    const head = unknown === null ? bits.text() : `?${bits.text()}/${mask.text()}`;
    if (calls.length === 0)
        return head;
    if (unknown === null)
        return `${head}:${[...new Set(calls.map((call) => callText(sig, call)))].sort().join(',')}`;
    const callMasks = calls.map((_, i) => {
        const callMask = new Bits(sig.callBits);
        for (const atoms of sig.callFields)
            if (hidden(callFieldLocation(i, atoms.field)))
                for (const v of [atoms.present, ...atoms.bits])
                    callMask.set(v, true);
        return callMask;
    });
    const anyHidden = callMasks.some((m) => m.values.includes(1));
    if (calls.length === 1)
        return `${head}:${callText(sig, calls[0])}/${callMasks[0].text()}`;
    if (anyHidden)
        return null;
    return `${head}:${[...new Set(calls.map((call) => callText(sig, call)))].sort().join(',')}`;
}
/** Places signatures in one built space (its variables matched to the signature's by name). */
class SignaturePlacer {
    space;
    sig;
    /** [space variable, signature bit] of the request variables, and of one call's. */
    request = [];
    call = [];
    constructor(space, sig) {
        this.space = space;
        this.sig = sig;
        if (space.windows.length !== sig.windows.length)
            throw new Error('the signature has other windows');
        this.request.push([space.flags.verified, signature_VERIFIED], [space.flags.resolved, RESOLVED], [space.flags.timePresent, TIME]);
        const byName = new Map(sig.fields.map((f) => [f.field, f]));
        for (const atoms of space.fields)
            this.pair(this.request, atoms, byName.get(atoms.field));
        const windowsAt = sig.requestBits - 2 - sig.windows.length;
        space.windows.forEach((w, i) => this.request.push([w.variable, windowsAt + i]));
        this.request.push([space.calls.hasCalls, sig.requestBits - 2], [space.calls.many, sig.requestBits - 1]);
        const callByName = new Map(sig.callFields.map((f) => [f.field, f]));
        for (const atoms of space.calls.fields.values())
            this.pair(this.call, atoms, callByName.get(atoms.field));
    }
    pair(into, atoms, own) {
        if (own === undefined)
            throw new Error(`the signature has no field ${atoms.field}`);
        into.push([atoms.present, own.present]);
        atoms.constants.forEach((c, i) => {
            const k = own.constants.indexOf(c);
            if (k < 0)
                throw new Error(`the signature has no constant ${c} of ${atoms.field}`);
            into.push([atoms.bits[i], own.bits[k]]);
        });
    }
    place(signature) {
        const { space, sig } = this;
        const [requestText, callsText] = signature.split(':');
        const bits = bitsOf(requestText, sig.requestBits);
        const a = new Map();
        for (const [variable, bit] of this.request)
            a.set(variable, bits[bit] === 1);
        const calls = callsText === undefined ? [] : callsText.split(',').map((text) => this.callValues(text));
        const many = a.get(space.calls.many);
        // One call: its own atoms. Two or more: the quantified bits (the call atoms stay false).
        if (!many && calls.length === 1)
            for (const [variable, value] of calls[0])
                a.set(variable, value);
        const holds = (call, predicate) => space.m.evaluate(predicate, (v) => call.get(v) ?? false);
        for (const bit of space.calls.bits) {
            const each = many ? calls.map((call) => holds(call, bit.predicate)) : [];
            a.set(bit.variable, bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean));
        }
        a.set(space.calls.quiet, many && space.batch?.profiles.quietOf(a, calls.map(signature_valueOf)) === true);
        const shaped = space.m.evaluate(space.constraint, (v) => a.get(v) ?? false) &&
            calls.every((call) => holds(call, space.calls.shape));
        return { assignment: a, shaped };
    }
    /**
     * A partial signature (`?`): its known atoms over the space's variables (the unknown ones left
     * out), and, for a list of two calls or more (every call known), the calls' atoms.
     */
    partial(signature) {
        const { space, sig } = this;
        const [head, callsText] = signature.slice(1).split(':');
        const [bitsText, maskText] = head.split('/');
        const bits = bitsOf(bitsText, sig.requestBits);
        const mask = bitsOf(maskText, sig.requestBits);
        const known = new Map();
        for (const [variable, bit] of this.request)
            if (mask[bit] === 0)
                known.set(variable, bits[bit] === 1);
        const many = known.get(space.calls.many);
        let calls = [];
        if (callsText !== undefined && !many) {
            const [callText, callMaskText] = callsText.split('/');
            const callBits = bitsOf(callText, sig.callBits);
            const callMask = bitsOf(callMaskText, sig.callBits);
            for (const [variable, bit] of this.call)
                if (callMask[bit] === 0)
                    known.set(variable, callBits[bit] === 1);
        }
        else if (callsText !== undefined)
            calls = callsText.split(',').map((text) => this.callValues(text));
        const holds = (call, predicate) => space.m.evaluate(predicate, (v) => call.get(v) ?? false);
        for (const bit of space.calls.bits) {
            const each = calls.map((call) => holds(call, bit.predicate));
            known.set(bit.variable, bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean));
        }
        const quiet = !many ? false : space.batch === null ? false : space.batch.profiles.quietOf(known, calls.map(signature_valueOf), space.constraint);
        if (quiet !== undefined)
            known.set(space.calls.quiet, quiet);
        return { known, calls };
    }
    /** One call's atoms in the space's call variables. */
    callValues(text) {
        const bits = bitsOf(text, this.sig.callBits);
        const values = new Map();
        for (const [variable, bit] of this.call)
            values.set(variable, bits[bit] === 1);
        return values;
    }
}
const signature_valueOf = (call) => (v) => call.get(v) ?? false;
/**
 * A record with unknowns that cannot be placed (its call list unknown or unpaired, a field of a
 * list of two calls or more unknown): counted in `partial`, in no kind. A placeable partial
 * record's signature starts with it.
 */
const PARTIAL_SIGNATURE = '?';
/** A record whose time no window can read: the replay reports it malformed, so it is not placed. */
const UNREADABLE_SIGNATURE = '!';
function emptySignatures() {
    return { partial: 0, seen: new Map() };
}
/**
 * Counts one replayed record, in sample order; `position` is its place in that order (any
 * increasing key). `own` copies a string that outlives its source (a
 * key or id read from a worker's packed run).
 */
function addSignature(into, signature, requestId, position, own = (text) => text) {
    if (signature.startsWith(PARTIAL_SIGNATURE))
        into.partial++;
    // A bare `?` cannot be placed; a partial record's signature is placed like a complete one's.
    if (signature !== PARTIAL_SIGNATURE && signature !== UNREADABLE_SIGNATURE) {
        const entry = into.seen.get(signature);
        if (entry === undefined)
            into.seen.set(own(signature), { count: 1, first: own(requestId), position });
        else
            entry.count++;
    }
}
/**
 * A replayed record's signature, or what stands for it when it is not placed. `unknowns`: the
 * record's unknown set, null for a complete record.
 */
function recordSignature(sig, input, unknowns) {
    try {
        if (unknowns === null)
            return signatureOf(sig, input);
        if (unknowns.unpaired !== null)
            return PARTIAL_SIGNATURE;
        return signatureWith(sig, input, allEffectivePointers(unknowns)) ?? PARTIAL_SIGNATURE;
    }
    catch (error) {
        if (!(error instanceof timeBuiltins/* BuiltinError */.Sr))
            throw error;
        // A partial record is counted as one whatever its time.
        return unknowns === null ? UNREADABLE_SIGNATURE : PARTIAL_SIGNATURE;
    }
}

;// CONCATENATED MODULE: ./build/replay/evaluate/recordOutcome.js
















/**
 * The replay in two steps. `RecordEvaluator` turns one element of the sample (a line's text) into
 * a RecordOutcome: parse, validate, availability, the decisions. It depends on nothing but the
 * element, so it runs anywhere — in-process or in a worker thread — and the outcomes of different
 * chunks can be computed in any order. Everything that depends on what came before in the file
 * (a repeated request_id, --limit, the counters, the capped change list) is the aggregation's
 * (replay.ts), which consumes outcomes strictly in file order. Both paths run these same
 * functions, so the worker path's report is the in-process report by construction.
 */
/** A policy's verdict on a record: allowed, denied, or not scoreable (unevaluable). */
const VERDICT_UNEVALUABLE = -1;
const VERDICT_DENY = 0;
const VERDICT_ALLOW = 1;
/**
 * The decision pair a record's change is judged on, as in docs/report.md: in compare mode the base
 * (unknown when it cannot score the record) against the head; in drift mode the recorded decision
 * against the head. null: not a change candidate (no head, unevaluable, or drift without a
 * recorded decision).
 */
function decisionPair(config, primary, base, recorded) {
    if (!config.hasHead || primary === VERDICT_UNEVALUABLE)
        return null;
    const drift = config.mode === 'drift';
    if (drift && recorded === null)
        return null;
    const current = drift
        ? recorded
        : base === null || base === VERDICT_UNEVALUABLE
            ? 'unknown'
            : base === VERDICT_ALLOW
                ? 'allow'
                : 'deny';
    return { current, draft: primary === VERDICT_ALLOW ? 'allow' : 'deny' };
}
/** Evaluates elements of one replay's sample; one per thread (it owns a DecisionCache). */
class RecordEvaluator {
    config;
    primary;
    base;
    /** Its decisions; worker threads exchange what theirs evaluate (DecisionCache.learned). */
    cache;
    judge;
    primaryRules;
    baseRules;
    sinceNs;
    both;
    elements;
    /** Null unless the replay attributes counterfactually (OutcomeConfig.attribution). */
    causes = null;
    /** Null unless the replay places the sample (OutcomeConfig.signatures). */
    signatures = null;
    constructor(config, primary, base) {
        this.config = config;
        this.primary = primary;
        this.base = base;
        this.both = config.hasHead && config.hasBase && base !== null;
        // Side 0 is the primary policy, side 1 the base when both are replayed.
        const sides = this.both ? [primary, base] : [primary];
        this.cache = new DecisionCache(sides);
        this.judge = new UnknownsJudge(config.unevaluable, sides, this.cache);
        this.primaryRules = new RuleTable(primary.policy);
        this.baseRules = this.both ? new RuleTable(base.policy) : null;
        this.sinceNs = config.since === null ? null : instantOf(config.since);
        if (this.both && config.signatures === true)
            this.signatures = signatureSpace(base.policy, primary.policy);
        if (this.both && config.attribution !== null)
            this.causes = new CauseFinder(primary.policy, base.policy, config.attribution, config.unevaluable);
        this.elements = new sampleElement_SampleElementReader(config.format ?? 'records', config.decisionLog ?? NO_DECISION_LOG_OPTIONS, config.maxLineBytes);
    }
    /** Every non-blank line of a run of lines, in order; positions are `base + line`. */
    evaluateLines(bytes, firstLine, base = 0) {
        const out = [];
        lineChunker_forEachLine(bytes, firstLine, (text, line, shape) => out.push(this.evaluateText(text, base + line, shape)), this.config.maxLineBytes);
        return out;
    }
    /**
     * One element (null: an empty array element) at a position; `shape` is the reader's scan of it
     * (recordShape.ts), computed when absent.
     */
    evaluateText(text, line, shape) {
        const element = this.elements.read(text, shape);
        switch (element.kind) {
            case 'record':
                return this.evaluateRecord(element.record, line, element.path, text !== null && hasLoneSurrogate(text, element.record));
            case 'malformed': {
                const outcome = { kind: 'malformed', line, reason: element.reason };
                if (element.request_id !== undefined)
                    outcome.request_id = element.request_id;
                if (typeof element.path === 'string')
                    outcome.decision_path = element.path;
                return outcome;
            }
            case 'skipped':
                return { kind: 'skipped', line, otherPath: element.otherPath };
            case 'mixed':
                return { kind: 'mixed', line };
        }
    }
    /** `alone`: never take or give a cached decision (a lone surrogate, recordShape.ts). */
    evaluateRecord(record, line, decisionPath = null, alone = false) {
        const config = this.config;
        const outcome = unevaluatedOutcome(config, record, line, decisionPath);
        if (!this.wanted(record, line))
            return outcome;
        outcome.evaluated = true;
        let primaryDecision;
        let baseDecision = null;
        const input = evaluationInput(record);
        if (alone)
            this.cache.alone(input);
        const known = !recordUnknowns_hasUnknowns(record);
        try {
            if (known) {
                // The common case: nothing unknown, the two-valued decisions through the cache.
                primaryDecision = this.cache.evaluate(0, input, record.request_id);
            }
            else {
                const primary = this.judge.judge(0, record, input, true);
                primaryDecision = primary.decision;
                outcome.reasons = primary.reasons;
                outcome.byReading = primary.byReading;
            }
        }
        catch (error) {
            // A builtin failure (say, a time the gateway recorded but no evaluator can read) makes the
            // record unreplayable: it is reported as malformed, never guessed.
            if (!(error instanceof errors/* EvaluationError */.Z))
                throw error;
            outcome.error = error.message;
            return outcome;
        }
        try {
            if (known) {
                if (this.both)
                    baseDecision = this.cache.evaluate(1, input, record.request_id);
            }
            else if (this.both &&
                (config.mode === 'compare' || primaryDecision !== null || record.recorded_decision !== undefined)) {
                // In drift mode the base's decision only matters against a recorded decision; a compare
                // needs it for a change, and for a record the head can no longer judge.
                baseDecision = this.judge.judge(1, record, input, false).decision;
            }
            if (this.both)
                outcome.base = baseDecision === null ? null : verdictOf(baseDecision);
        }
        catch (error) {
            // The head read this record, so the base's failure is the base's (a trap, a builtin error,
            // its memory): the change cannot be judged against it, and the aggregation fails the replay.
            if (!(error instanceof errors/* EvaluationError */.Z))
                throw error;
            outcome.error = error.message;
            outcome.baseFailed = true;
            return outcome;
        }
        outcome.primary = primaryDecision === null ? VERDICT_UNEVALUABLE : verdictOf(primaryDecision);
        if (this.signatures !== null)
            outcome.signature = recordSignature(this.signatures, input, known ? null : recordUnknowns_unknownDataOf(record));
        // A deleted policy: the counts and the recorded mismatch are the base's own decisions.
        if (!config.hasHead)
            outcome.base = primaryDecision === null ? null : outcome.primary;
        if (primaryDecision !== null)
            outcome.matched = this.primaryRules.indicesOf(primaryDecision.matched_rule_ids);
        const pair = decisionPair(config, outcome.primary, outcome.base, outcome.recorded_decision);
        const changed = pair !== null && pair.current !== pair.draft;
        if (changed && config.mode === 'drift')
            outcome.change = changeDetail(record, null);
        else if (changed ||
            (config.mode === 'compare' && this.both && primaryDecision === null && baseDecision !== null)) {
            // A change, or a record the base decides and the head cannot (docs/review.md): the
            // aggregation tells them apart by the head's verdict.
            const head = primaryDecision === null ? 1 : primaryDecision.allow ? 2 : 0;
            const causes = this.causes?.causesOf(record, input, head) ?? null;
            outcome.change = changeDetail(record, explainChange(this.primaryRules, primaryDecision, this.baseRules, baseDecision, causes));
        }
        return outcome;
    }
    /** Whether the aggregation can use this record's decisions at all (--shard, --since). */
    wanted(record, line) {
        if (!inShard(this.config.shard ?? undefined, record.request_id, line))
            return false;
        if (this.sinceNs === null)
            return true;
        if (record.occurred_at === undefined)
            return false;
        const t = instantOf(record.occurred_at);
        return t !== null && t >= this.sinceNs;
    }
}
function verdictOf(decision) {
    return decision.allow ? VERDICT_ALLOW : VERDICT_DENY;
}
/** The change-row fields an operator recognises the request by. */
function changeDetail(record, explain = null) {
    return { subject: subjectOf(record), method: methodOf(record), tools: toolsOf(record), explain };
}
/**
 * What a change row may show of a record: not what its unknown set covers (a masked value is not
 * the real one). null: nothing is unknown.
 */
function unknownPointersOf(record) {
    return recordUnknowns_hasUnknowns(record) ? effectivePointers(recordUnknowns_unknownDataOf(record)) : null;
}
const recordOutcome_CALL_FIELDS = ['method', 'tool', 'resource_uri', 'prompt'];
/**
 * The calls as replayed (an unpaired batch paired), less the fields the record does not know;
 * null when the call list itself is unknown.
 */
function shownCalls(record) {
    const calls = evaluationInput(record).request?.mcp?.calls;
    const pointers = unknownPointersOf(record);
    if (pointers === null || !Array.isArray(calls))
        return calls ?? [];
    if (isCallListUnknown(pointers))
        return null;
    return calls.map((call, i) => {
        const shown = {};
        for (const field of recordOutcome_CALL_FIELDS) {
            const value = call[field];
            if (value !== undefined && !isUnknown(pointers, callFieldLocation(i, field)))
                shown[field] = value;
        }
        return shown;
    });
}
/** `input.identity.subject`, or null when there is none or the record does not know it. */
function subjectOf(record) {
    const subject = record.input.identity?.subject;
    if (typeof subject !== 'string')
        return null;
    const pointers = unknownPointersOf(record);
    return pointers !== null && isUnknown(pointers, ['identity', 'subject']) ? null : subject;
}
/**
 * The calls' shared method, "batch" when they differ (or some call has none), null when there is
 * no call. Judged on the calls as replayed, so an unpaired batch reads like the same calls
 * recorded paired; a method the record does not know counts as none.
 */
function methodOf(record) {
    const calls = shownCalls(record);
    if (calls === null || calls.length === 0)
        return null;
    const first = calls[0]?.method;
    if (typeof first === 'string' && calls.every((c) => c.method === first))
        return first;
    // Several calls without one shared method are a batch; a lone call without one names none.
    return calls.length > 1 ? 'batch' : null;
}
/** Distinct tool names in call order; [] when none were called or tools were not recorded. */
function toolsOf(record) {
    const calls = shownCalls(record) ?? [];
    const seen = new Set();
    for (const call of calls)
        if (typeof call.tool === 'string')
            seen.add(call.tool);
    return [...seen];
}
/** The evaluator's sides from a replay's head and base (the primary is the head when there is one). */
function evaluatorSides(head, base) {
    const primary = head ?? base;
    if (!primary)
        throw new Error('replayTraffic needs a head or a base policy');
    return { primary, base: head && base ? base : null };
}
/** A record's outcome before its evaluation: what it recorded, nothing decided. */
function unevaluatedOutcome(config, record, line, decisionPath) {
    return {
        kind: 'record',
        line,
        request_id: record.request_id,
        occurred_at: record.occurred_at ?? null,
        manifest_id: record.manifest_id ?? null,
        recorded_decision: record.recorded_decision ?? null,
        policy_revision: config.mode === 'drift' ? (record.policy_revision ?? null) : null,
        evaluated: false,
        error: null,
        baseFailed: false,
        primary: VERDICT_UNEVALUABLE,
        reasons: 0,
        byReading: false,
        matched: null,
        base: null,
        change: null,
        decision_path: decisionPath,
        signature: null,
    };
}


/***/ }),

/***/ 430:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Nu: () => (/* binding */ packOutcomes)
/* harmony export */ });
/* unused harmony exports forEachPackedOutcome, outcomeCount, forEachOutcome, ownString */
const RECORD = 0;
const SKIPPED = 1;
const OTHER = 2;
const NULL = -1;
/** A record's flag bits. */
const EVALUATED = 1;
const BY_READING = 2;
const CHANGED = 4;
const EXPLAINED = 8;
const BASE_FAILED = 16;
const RECORDED = [null, 'allow', 'deny'];
/** Growable numbers, so a run of any length packs without a second pass. */
class Numbers {
    array = new Float64Array(1_024);
    length = 0;
    push(value) {
        if (this.length === this.array.length) {
            const bigger = new Float64Array(this.array.length * 2);
            bigger.set(this.array);
            this.array = bigger;
        }
        this.array[this.length++] = value;
    }
    list(values) {
        this.push(values.length);
        for (const value of values)
            this.push(value);
    }
    done() {
        return this.array.slice(0, this.length);
    }
}
function packOutcomes(outcomes) {
    const numbers = new Numbers();
    const texts = [];
    const others = [];
    const string = (value) => {
        if (value === null)
            numbers.push(NULL);
        else {
            numbers.push(value.length);
            texts.push(value);
        }
    };
    for (const outcome of outcomes) {
        if (outcome.kind === 'skipped') {
            numbers.push(SKIPPED);
            numbers.push(outcome.line);
            numbers.push(outcome.otherPath ? 1 : 0);
        }
        else if (outcome.kind === 'record') {
            const change = outcome.change;
            numbers.push(RECORD);
            numbers.push(outcome.line);
            numbers.push((outcome.evaluated ? EVALUATED : 0) |
                (outcome.byReading ? BY_READING : 0) |
                (change !== null ? CHANGED : 0) |
                (change?.explain ? EXPLAINED : 0) |
                (outcome.baseFailed ? BASE_FAILED : 0));
            numbers.push(outcome.primary);
            numbers.push(outcome.reasons);
            numbers.push(outcome.base ?? NULL - 1);
            numbers.push(RECORDED.indexOf(outcome.recorded_decision));
            if (outcome.matched === null)
                numbers.push(NULL);
            else
                numbers.list(outcome.matched);
            string(outcome.request_id);
            string(outcome.occurred_at);
            string(outcome.manifest_id);
            string(outcome.policy_revision);
            string(outcome.error);
            string(outcome.decision_path);
            string(outcome.signature);
            if (change !== null) {
                string(change.subject);
                string(change.method);
                numbers.push(change.tools.length);
                for (const tool of change.tools)
                    string(tool);
                const explain = change.explain;
                if (explain !== null) {
                    numbers.list(explain.base_matched);
                    numbers.push(explain.head_basis);
                    numbers.push(explain.base_basis);
                    numbers.list(explain.head_missing);
                    numbers.list(explain.base_missing);
                    numbers.list(explain.causes);
                    numbers.push(explain.joint ? 1 : 0);
                }
            }
        }
        else {
            numbers.push(OTHER);
            others.push(outcome);
        }
    }
    return { count: outcomes.length, numbers: numbers.done(), text: texts.join(''), others };
}
/**
 * Calls `fn` with each outcome of `packed`, in order. A record is one view, reused for the next
 * record (its `matched` too): `fn` must copy what it keeps. A change's `change` is its own.
 */
function forEachPackedOutcome(packed, fn) {
    const reader = new PackedReader(packed);
    for (let i = 0; i < packed.count; i++)
        fn(reader.outcome());
}
/** Reads a packed run front to back: the cursors into its numbers, text and other outcomes. */
class PackedReader {
    packed;
    n = 0;
    t = 0;
    o = 0;
    /** The view's `matched`, one array per length, refilled per record. */
    matchedOf = [];
    view = {
        kind: 'record',
        line: 0,
        request_id: '',
        occurred_at: null,
        manifest_id: null,
        recorded_decision: null,
        policy_revision: null,
        evaluated: false,
        error: null,
        baseFailed: false,
        primary: -1,
        reasons: 0,
        byReading: false,
        matched: null,
        base: null,
        change: null,
        decision_path: null,
        signature: null,
    };
    constructor(packed) {
        this.packed = packed;
    }
    /** The next outcome; a record is the reused view. */
    outcome() {
        const kind = this.packed.numbers[this.n++];
        if (kind === SKIPPED)
            return { kind: 'skipped', line: this.number(), otherPath: this.number() === 1 };
        if (kind !== RECORD)
            return this.packed.others[this.o++];
        return this.record();
    }
    number() {
        return this.packed.numbers[this.n++];
    }
    /**
     * The next string: a slice of `text`, or (`own`) a copy for what outlives the run — a change's
     * strings, which the change list and its groups keep to the end (ownString).
     */
    string(own = false) {
        const length = this.number();
        if (length === NULL)
            return null;
        const value = this.packed.text.slice(this.t, this.t + length);
        this.t += length;
        return own ? ownString(value) : value;
    }
    list() {
        const count = this.number();
        const values = new Array(count);
        for (let k = 0; k < count; k++)
            values[k] = this.number();
        return values;
    }
    record() {
        const view = this.view;
        view.line = this.number();
        const flags = this.number();
        view.primary = this.number();
        view.reasons = this.number();
        const base = this.number();
        view.base = base === NULL - 1 ? null : base;
        view.recorded_decision = RECORDED[this.number()];
        const count = this.number();
        if (count === NULL)
            view.matched = null;
        else {
            const matched = (this.matchedOf[count] ??= new Array(count));
            for (let k = 0; k < count; k++)
                matched[k] = this.number();
            view.matched = matched;
        }
        const changed = (flags & CHANGED) !== 0;
        view.request_id = this.string(changed);
        view.occurred_at = this.string(changed);
        view.manifest_id = this.string();
        view.policy_revision = this.string();
        view.error = this.string();
        view.decision_path = this.string();
        view.signature = this.string();
        view.evaluated = (flags & EVALUATED) !== 0;
        view.byReading = (flags & BY_READING) !== 0;
        view.baseFailed = (flags & BASE_FAILED) !== 0;
        view.change = changed ? this.change(flags) : null;
        return view;
    }
    /** A change's own detail (its strings copied). */
    change(flags) {
        const subject = this.string(true);
        const method = this.string(true);
        const tools = new Array(this.number());
        for (let k = 0; k < tools.length; k++)
            tools[k] = this.string(true);
        let explain = null;
        if ((flags & EXPLAINED) !== 0)
            explain = {
                base_matched: this.list(),
                head_basis: this.number(),
                base_basis: this.number(),
                head_missing: this.list(),
                base_missing: this.list(),
                causes: this.list(),
                joint: this.number() === 1,
            };
        return { subject, method, tools, explain };
    }
}
function outcomeCount(batch) {
    return isPacked(batch) ? batch.count : batch.length;
}
/** Each outcome of a batch in order; a packed record is a reused view (forEachPackedOutcome). */
function forEachOutcome(batch, fn) {
    if (isPacked(batch))
        forEachPackedOutcome(batch, fn);
    else
        for (const outcome of batch)
            fn(outcome);
}
function isPacked(batch) {
    return !Array.isArray(batch);
}
/**
 * `text` as a string of its own. A string read from a packed run is a slice of the run's whole
 * text (13 characters or more, in V8), and keeps all of it alive as long as it is kept: what
 * outlives the run is copied first (slices of change strings would keep whole run texts alive).
 * Slicing or concatenating does not copy; a JSON round trip does.
 */
function ownString(text) {
    return JSON.parse(JSON.stringify(text));
}


/***/ }),

/***/ 910:
/***/ ((__webpack_module__, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(__webpack_module__, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(919);
/* harmony import */ var _engine_wasmEngine_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(584);
/* harmony import */ var _evaluate_recordOutcome_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(971);
/* harmony import */ var _outcomeCodec_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(430);




/**
 * The replay's worker thread (workerPool.ts): loads the head's and base's wasm once, then turns
 * each run of lines it is sent into outcomes with its own decision cache, which learns what the
 * other workers evaluated (sent with each run) and reports what it evaluated (with each reply). Bundled on its own as
 * dist/cli/replay-worker/index.js, which both the CLI and the Action bundle use (scripts/build.mjs).
 */
if (!node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.parentPort)
    throw new Error('the replay worker runs as a worker thread');
const port = node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.parentPort;
const init = node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.workerData;
async function load(side) {
    return {
        policy: side.policy,
        features: side.features,
        engine: await _engine_wasmEngine_js__WEBPACK_IMPORTED_MODULE_1__/* .WasmPolicy */ .t.load(side.name, side.wasm),
    };
}
const [primary, base] = await Promise.all([load(init.primary), init.base === null ? null : load(init.base)]);
const evaluator = new _evaluate_recordOutcome_js__WEBPACK_IMPORTED_MODULE_2__/* .RecordEvaluator */ .lc(init.config, primary, base);
evaluator.cache.share();
port.on('message', (request) => {
    let reply;
    try {
        evaluator.cache.learn(request.learned);
        const outcomes = (0,_outcomeCodec_js__WEBPACK_IMPORTED_MODULE_3__/* .packOutcomes */ .Nu)(evaluator.evaluateLines(request.bytes, request.firstLine, request.base));
        reply = { seq: request.seq, outcomes, learned: evaluator.cache.learned() };
    }
    catch (error) {
        // Evaluation failures are outcomes already; anything else fails the replay, as in-process.
        const e = error instanceof Error ? error : new Error(String(error));
        reply = {
            seq: request.seq,
            error: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) },
        };
    }
    port.postMessage(reply, 'outcomes' in reply ? [reply.outcomes.numbers.buffer] : []);
});

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 32:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hd: () => (/* binding */ daysFromCivil),
/* harmony export */   L3: () => (/* binding */ daysInMonth),
/* harmony export */   TQ: () => (/* binding */ civilFromDays),
/* harmony export */   xz: () => (/* binding */ SECONDS_PER_DAY)
/* harmony export */ });
/* unused harmony export isLeapYear */
/** Proleptic Gregorian calendar arithmetic shared by the RFC 3339 parser and the time builtins. */
const SECONDS_PER_DAY = 86_400;
function isLeapYear(year) {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days in `month` (1-12) of `year`; 0 for a month out of range. */
function daysInMonth(month, year) {
    if (month === 2 && isLeapYear(year))
        return 29;
    return DAYS_IN_MONTH[month - 1] ?? 0;
}
/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year, month, day) {
    const y = month <= 2 ? year - 1 : year;
    const era = Math.floor(y / 400);
    const yoe = y - era * 400;
    const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
    const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
    return era * 146097 + doe - 719468;
}
/** The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's civil_from_days). */
function civilFromDays(days) {
    const z = days + 719468;
    const era = Math.floor(z / 146097);
    const doe = z - era * 146097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
    const month = mp < 10 ? mp + 3 : mp - 9;
    const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    return { year, month, day };
}


/***/ }),

/***/ 247:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $q: () => (/* binding */ scanRfc3339),
/* harmony export */   Jo: () => (/* binding */ isRfc3339Instant),
/* harmony export */   dY: () => (/* binding */ instantNanos),
/* harmony export */   hC: () => (/* binding */ nanosOf),
/* harmony export */   pl: () => (/* binding */ emptyFields)
/* harmony export */ });
/* harmony import */ var _calendar_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(32);

function isDigitAt(s, i) {
    const c = s.charCodeAt(i);
    return c >= 48 && c <= 57;
}
function digitAt(s, i) {
    return s.charCodeAt(i) - 48;
}
/**
 * Scans `s` into `out`. Returns null when it is an instant of the dialect, else the reason in Go's
 * words (`cannot parse month`, `hour out of range`, `extra text: "…"`).
 */
function scanRfc3339(s, dialect, out) {
    const go = dialect === 'go';
    const n = s.length;
    if (n < 4 || !isDigitAt(s, 0) || !isDigitAt(s, 1) || !isDigitAt(s, 2) || !isDigitAt(s, 3))
        return 'cannot parse year';
    const year = digitAt(s, 0) * 1000 + digitAt(s, 1) * 100 + digitAt(s, 2) * 10 + digitAt(s, 3);
    if (s[4] !== '-')
        return 'cannot parse month';
    if (!isDigitAt(s, 5) || !isDigitAt(s, 6))
        return 'cannot parse month';
    const month = digitAt(s, 5) * 10 + digitAt(s, 6);
    if (month < 1 || month > 12)
        return 'month out of range';
    if (s[7] !== '-')
        return 'cannot parse day';
    if (!isDigitAt(s, 8) || !isDigitAt(s, 9))
        return 'cannot parse day';
    const day = digitAt(s, 8) * 10 + digitAt(s, 9);
    if (s[10] !== 'T')
        return 'cannot parse hour';
    let i = 11;
    // Go's getnum: one or two digits for the hour; the record dialect wants two.
    if (!isDigitAt(s, i))
        return 'cannot parse hour';
    let hour = digitAt(s, i++);
    if (isDigitAt(s, i))
        hour = hour * 10 + digitAt(s, i++);
    else if (!go)
        return 'cannot parse hour';
    if (hour >= 24)
        return 'hour out of range';
    if (s[i] !== ':')
        return 'cannot parse minute';
    if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2))
        return 'cannot parse minute';
    const minute = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
    if (minute >= 60)
        return 'minute out of range';
    i += 3;
    if (s[i] !== ':')
        return 'cannot parse second';
    if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2))
        return 'cannot parse second';
    const second = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
    if (second >= 60)
        return 'second out of range';
    i += 3;
    let nanosecond = 0;
    if ((s[i] === '.' || (go && s[i] === ',')) && isDigitAt(s, i + 1)) {
        let end = i + 1;
        let scale = 100_000_000;
        while (isDigitAt(s, end)) {
            if (scale >= 1)
                nanosecond += digitAt(s, end) * scale;
            scale /= 10;
            end++;
        }
        i = end;
    }
    else if (!go && s[i] === '.')
        return 'cannot parse fraction';
    let offsetSeconds = 0;
    if (s[i] === 'Z')
        i++;
    else {
        if (n - i < 6 || s[i + 3] !== ':')
            return 'cannot parse time zone offset';
        if (!isDigitAt(s, i + 1) || !isDigitAt(s, i + 2) || !isDigitAt(s, i + 4) || !isDigitAt(s, i + 5))
            return 'cannot parse time zone offset';
        const offsetHour = digitAt(s, i + 1) * 10 + digitAt(s, i + 2);
        const offsetMinute = digitAt(s, i + 4) * 10 + digitAt(s, i + 5);
        // Go's range test uses > rather than >=: offsets of 24 hours or 60 minutes parse there.
        if (offsetHour > (go ? 24 : 23))
            return 'time zone offset hour out of range';
        if (offsetMinute > (go ? 60 : 59))
            return 'time zone offset minute out of range';
        const sign = s[i];
        if (sign !== '+' && sign !== '-')
            return 'cannot parse time zone offset';
        offsetSeconds = (offsetHour * 60 + offsetMinute) * 60 * (sign === '-' ? -1 : 1);
        i += 6;
    }
    if (i !== n)
        return `extra text: ${JSON.stringify(s.slice(i))}`;
    if (day < 1 || day > (0,_calendar_js__WEBPACK_IMPORTED_MODULE_0__/* .daysInMonth */ .L3)(month, year))
        return 'day out of range';
    out.year = year;
    out.month = month;
    out.day = day;
    out.hour = hour;
    out.minute = minute;
    out.second = second;
    out.nanosecond = nanosecond;
    out.offsetSeconds = offsetSeconds;
    return null;
}
/** Nanoseconds since 1970-01-01T00:00:00Z of scanned fields (no range limit). */
function nanosOf(f) {
    const unixSeconds = (0,_calendar_js__WEBPACK_IMPORTED_MODULE_0__/* .daysFromCivil */ .Hd)(f.year, f.month, f.day) * _calendar_js__WEBPACK_IMPORTED_MODULE_0__/* .SECONDS_PER_DAY */ .xz +
        f.hour * 3600 +
        f.minute * 60 +
        f.second -
        f.offsetSeconds;
    return BigInt(unixSeconds) * 1000000000n + BigInt(f.nanosecond);
}
function emptyFields() {
    return { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0, offsetSeconds: 0 };
}
const scratch = emptyFields();
/** Whether `text` is an instant of the record dialect (every timestamp this tool reads). */
function isRfc3339Instant(text) {
    return scanRfc3339(text, 'record', scratch) === null;
}
/** Nanoseconds since 1970 of a record-dialect instant, or null when `text` is none. */
function instantNanos(text) {
    return scanRfc3339(text, 'record', scratch) === null ? nanosOf(scratch) : null;
}


/***/ }),

/***/ 81:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ loadTimeZone)
/* harmony export */ });
/* unused harmony export isKnownTimeZone */
/**
 * UTC offsets of IANA time zones, read from the runtime's time-zone database (ICU, through
 * `Intl.DateTimeFormat`). Formatting a date with Intl costs microseconds, far too slow to do for
 * every replayed record, so each zone memoizes its offset per UTC hour: an hour without a
 * transition stores one offset, an hour with one stores the exact second of the transition.
 */
const HOUR = 3600;
/** Memoized hours per zone before the memo starts over (a replay sample spans far fewer). */
const MAX_MEMO_HOURS = 200_000;
class FixedOffsetZone {
    name;
    offset;
    constructor(name, offset) {
        this.name = name;
        this.offset = offset;
    }
    offsetAt() {
        return this.offset;
    }
}
class IntlZone {
    name;
    formatter;
    memo = new Map();
    constructor(name, ianaName) {
        this.name = name;
        this.formatter = new Intl.DateTimeFormat('en-US', {
            timeZone: ianaName,
            hourCycle: 'h23',
            era: 'short',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
        });
    }
    offsetAt(unixSeconds) {
        const hour = Math.floor(unixSeconds / HOUR);
        let entry = this.memo.get(hour);
        if (entry === undefined) {
            entry = this.scanHour(hour * HOUR);
            if (this.memo.size >= MAX_MEMO_HOURS)
                this.memo.clear();
            this.memo.set(hour, entry);
        }
        return unixSeconds < entry.transition ? entry.before : entry.after;
    }
    /**
     * Finds the offsets of one UTC hour. Time-zone transitions fall on whole seconds, and no zone
     * has ever had two in one hour, so comparing both ends and bisecting finds the exact second.
     */
    scanHour(start) {
        const last = start + HOUR - 1;
        const before = this.query(start);
        const after = this.query(last);
        if (before === after)
            return { transition: start, before, after };
        let lo = start; // offset(lo) === before
        let hi = last; // offset(hi) === after
        while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (this.query(mid) === before)
                lo = mid;
            else
                hi = mid;
        }
        return { transition: hi, before, after };
    }
    /** The offset straight from the database: local wall-clock seconds minus UTC seconds. */
    query(unixSeconds) {
        const parts = this.formatter.formatToParts(new Date(unixSeconds * 1000));
        let year = 0;
        let month = 0;
        let day = 0;
        let hour = 0;
        let minute = 0;
        let second = 0;
        let bc = false;
        for (const part of parts) {
            switch (part.type) {
                case 'year':
                    year = Number(part.value);
                    break;
                case 'month':
                    month = Number(part.value);
                    break;
                case 'day':
                    day = Number(part.value);
                    break;
                case 'hour':
                    hour = Number(part.value);
                    break;
                case 'minute':
                    minute = Number(part.value);
                    break;
                case 'second':
                    second = Number(part.value);
                    break;
                case 'era':
                    bc = part.value.startsWith('B');
                    break;
                default:
                    break;
            }
        }
        const astronomicalYear = bc ? 1 - year : year;
        const wall = new Date(0);
        // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
        wall.setUTCFullYear(astronomicalYear, month - 1, day);
        wall.setUTCHours(hour, minute, second, 0);
        return wall.getTime() / 1000 - unixSeconds;
    }
}
const UTC_ZONE = new FixedOffsetZone('UTC', 0);
const zones = new Map();
/**
 * Whether a name looks like an IANA zone name the way Go's `time.LoadLocation` requires: tz
 * database names are case-sensitive and every path segment starts with an upper-case letter
 * (`Europe/London`, `Etc/GMT+5`, `EST5EDT`), while Intl would also accept `europe/london`.
 */
function hasIanaShape(name) {
    if (name.length === 0 || name.length > 255)
        return false;
    if (name.includes('..') || name.startsWith('/') || name.includes('\\'))
        return false;
    return name.split('/').every((segment) => /^[A-Z][A-Za-z0-9_+-]*$/.test(segment));
}
/**
 * Ids ICU accepts that the tz database does not hold: Java's legacy three-letter ids, the SystemV
 * names and two names the database has dropped. OPA's Go evaluator reports each as an unknown
 * zone (its tzdata is the database's), so they are unknown here too: a window in `PST` would
 * never be in force at the gateway. Every name of the database is known to ICU, so this list is
 * the whole difference (checked against OPA in __tests__/engine/timeBuiltins.test.ts).
 */
const ICU_ONLY_IDS = new Set([
    ...'ACT AET AGT ART AST BET BST CAT CNT CST CTT EAT ECT IET IST JST MIT NET NST PLT PNT PRT PST SST VST'.split(' '),
    ...'AST4 AST4ADT CST6 CST6CDT EST5 EST5EDT HST10 MST7 MST7MDT PST8 PST8PDT YST9 YST9YDT'
        .split(' ')
        .map((id) => `SystemV/${id}`),
    'Canada/East-Saskatchewan',
    'US/Pacific-New',
]);
/** The Intl name Intl canonicalizes `name` to, or undefined when Intl does not know it. */
function intlCanonicalName(name) {
    try {
        return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    }
    catch {
        return undefined;
    }
}
/**
 * Loads a zone the way OPA's time builtins name zones: `""` and `"UTC"` are UTC, `"Local"` is the
 * process's zone, anything else must be an IANA name the database knows (exact case). Returns
 * undefined for an unknown name.
 */
function loadTimeZone(name) {
    const cached = zones.get(name);
    if (cached !== undefined)
        return cached ?? undefined;
    let zone = null;
    if (name === '' || name === 'UTC') {
        zone = UTC_ZONE;
    }
    else if (name === 'Local') {
        const local = new Intl.DateTimeFormat().resolvedOptions().timeZone;
        zone = new IntlZone(name, local);
    }
    else if (hasIanaShape(name) && !ICU_ONLY_IDS.has(name)) {
        const canonical = intlCanonicalName(name);
        // Intl matches names case-insensitively; a canonical name that differs only in case means
        // the caller's spelling is not the database's, which Go rejects.
        const caseMismatch = canonical !== undefined && canonical !== name && canonical.toLowerCase() === name.toLowerCase();
        if (canonical !== undefined && !caseMismatch)
            zone = new IntlZone(name, name);
    }
    zones.set(name, zone);
    return zone ?? undefined;
}
/**
 * Whether `name` is a zone a policy window may use: a known IANA name. Unlike the builtins'
 * naming, `""` and `"Local"` are not accepted (they are not zone names and `Local` depends on
 * the machine).
 */
function isKnownTimeZone(name) {
    if (name === '' || name === 'Local')
        return false;
    return loadTimeZone(name) !== undefined;
}


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(910);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
