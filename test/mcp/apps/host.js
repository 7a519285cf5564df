// A host page of MCP Apps, made of the ext-apps SDK's own AppBridge: it loads a view from its HTML, as a
// chat client does, in a sandboxed frame, and hands it a tool result. Bundled for the browser by the test.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.openedLinks = [];

window.showResult = async (html, result) => {
  const frame = document.createElement('iframe');
  frame.title = 'adops results';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width: 100%; height: 900px; border: 1px solid #ccc';
  document.body.replaceChildren(frame);
  const view = frame.contentWindow;
  if (!view) throw new Error('no frame window');
  const bridge = new AppBridge(null, { name: 'adops test host', version: '1.0.0' }, { openLinks: {} });
  bridge.onopenlink = async ({ url }) => {
    window.openedLinks.push(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = `${height + 2}px`;
  };
  const initialized = new Promise((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(view, view));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolResult(result);
};
