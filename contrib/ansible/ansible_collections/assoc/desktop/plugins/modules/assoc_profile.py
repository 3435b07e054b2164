#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Ansible module: make a desktop's default applications match an assoc profile."""

from __future__ import annotations

DOCUMENTATION = r"""
---
module: assoc_profile
short_description: Make default applications match an assoc profile
description:
  - Runs C(assoc profile apply --json) on the managed host, as the user the task runs as (use
    C(become_user) for a person's own defaults), and reports what changed.
  - A profile names, for each type or role, desktop file IDs in preference order; the first installed
    and usable one wins. See assoc-profile(5).
  - Idempotent; supports check mode (C(--check), nothing written) and diff mode (the unified diff of
    every list written or to be written).
  - Fails when an entry has no installed candidate or names no type, or the profile cannot be read,
    with assoc's message naming the profile's file and line.
options:
  src:
    description: Path of the profile on the managed host. Relative C(Include=) paths are read from its directory.
    type: path
  content:
    description: The profile's text, such as a lookup of a file on the controller (see EXAMPLES).
    type: str
  scope:
    description:
      - C(user) writes the user's C($XDG_CONFIG_HOME/mimeapps.list).
      - C(system) writes C(mimeapps.list) in the first directory of C($XDG_CONFIG_DIRS) (C(/etc/xdg)),
        the fallback of every user without a choice of their own; needs root.
    type: str
    choices: [user, system]
    default: user
  desktop:
    description: Write C(NAME-mimeapps.list) instead, and verify on that desktop.
    type: str
  state:
    description:
      - C(present) makes the host match the profile.
      - C(checked) changes nothing and fails when the host does not match (an audit).
    type: str
    choices: [present, checked]
    default: present
  executable:
    description: The assoc program.
    type: path
    default: assoc
author:
  - assoc developers
"""

EXAMPLES = r"""
- name: The site's defaults, as every user's fallback
  assoc.desktop.assoc_profile:
    src: /etc/assoc/site.profile
    scope: system
  become: true

- name: A profile kept beside the playbook, on the controller
  assoc.desktop.assoc_profile:
    content: "{{ lookup('file', 'site.profile') }}"
    scope: system
  become: true

- name: One person's defaults
  assoc.desktop.assoc_profile:
    content: |
      [Profile]
      Name=alice
      Version=2
      [Enforce]
      web-browser=firefox-esr.desktop;chromium.desktop;
      [Suggest]
      text/plain=org.gnome.TextEditor.desktop;
  become: true
  become_user: alice
"""

RETURN = r"""
changed:
  description: Whether a list was (or in check mode would be) written.
  type: bool
  returned: always
complies:
  description: Whether the host matches the profile (nothing to write, every entry answered as chosen).
  type: bool
  returned: always
files:
  description: Each list, with C(path), C(changed) and its unified C(diff).
  type: list
  returned: always
entries:
  description: Per entry C(target), C(wanted), C(chosen), C(status), C(before), C(after) and C(resolutions).
  type: list
  returned: always
warnings_found:
  description: assoc's warnings (C(kind), C(path), C(line), C(message)).
  type: list
  returned: always
"""

import json
import os
import tempfile

from ansible.module_utils.basic import AnsibleModule

# Warnings that mean an entry could not be applied at all: the task fails with their messages.
FATAL_KINDS = ("no-candidate", "unknown-type")


def run_assoc(module, profile_path):
    """Runs assoc profile apply --json and returns (rc, parsed object or None, stderr)."""
    params = module.params
    checking = module.check_mode or params["state"] == "checked"
    command = [params["executable"], "profile", "apply", "--json", "--" + params["scope"]]
    if params["desktop"]:
        command += ["--desktop", params["desktop"]]
    if checking:
        command.append("--check")
    command.append(profile_path)
    rc, out, err = module.run_command(command)
    try:
        result = json.loads(out) if out.strip() else None
    except ValueError:
        result = None
    return command, rc, result, err


def main():
    module = AnsibleModule(
        argument_spec=dict(
            src=dict(type="path"),
            content=dict(type="str"),
            scope=dict(type="str", choices=["user", "system"], default="user"),
            desktop=dict(type="str"),
            state=dict(type="str", choices=["present", "checked"], default="present"),
            executable=dict(type="path", default="assoc"),
        ),
        mutually_exclusive=[("src", "content")],
        required_one_of=[("src", "content")],
        supports_check_mode=True,
    )
    temporary = None
    path = module.params["src"]
    if module.params["content"] is not None:
        handle, temporary = tempfile.mkstemp(suffix=".profile", dir=module.tmpdir)
        with os.fdopen(handle, "w", encoding="utf-8") as profile:
            profile.write(module.params["content"])
        path = temporary
    try:
        command, rc, result, err = run_assoc(module, path)
    finally:
        if temporary:
            os.unlink(temporary)
    if result is None:
        module.fail_json(msg=err.strip() or "assoc printed no result", rc=rc, cmd=command)
    warnings = result.get("warnings", [])
    fatal = [w["message"] for w in warnings if w.get("kind") in FATAL_KINDS]
    for warning in warnings:
        if warning.get("kind") not in FATAL_KINDS:
            module.warn(warning.get("message", ""))
    output = dict(
        changed=bool(result.get("changed")),
        complies=bool(result.get("complies")),
        files=result.get("files", []),
        entries=result.get("entries", []),
        warnings_found=warnings,
        cmd=command,
        # Not "rc": Ansible takes a result with a non-zero "rc" for a failure, and 1 here only means
        # that the host does not comply yet (check mode), which "complies" says.
        assoc_status=rc,
    )
    if module._diff:
        output["diff"] = [
            dict(prepared=item["diff"]) for item in result.get("files", []) if item.get("diff")
        ]
    if fatal:
        module.fail_json(msg="; ".join(fatal), **output)
    if module.params["state"] == "checked":
        output["changed"] = False
        if not result.get("complies"):
            module.fail_json(msg="the host does not match the profile", **output)
    module.exit_json(**output)


if __name__ == "__main__":
    main()
